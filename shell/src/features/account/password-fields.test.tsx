// The brand packs import their images; their declarations live beside them.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../../../../brands/src/assets.d.ts" />
import '@lending/ui/src/testing/jsdom';

import { brands } from '@lending/brands';
import { brandStore, registerTranslations, useT } from '@lending/platform';
import { PlatformRoot } from '@lending/ui';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, Formik } from 'formik';
import * as yup from 'yup';

import en from '../../locales/en/shell.json';
import ms from '../../locales/ms/shell.json';
import { NewPasswordFields, newPasswordSchema } from './password-fields';

function NewPasswordForm({ onSubmit }: { onSubmit: (password: string) => void }) {
  const { t } = useT('shell');
  return (
    <Formik
      initialValues={{ password: '', confirmation: '' }}
      validationSchema={yup.object(newPasswordSchema(t))}
      onSubmit={(values) => onSubmit(values.password)}
    >
      <Form noValidate>
        <NewPasswordFields />
        <button type="submit">Save</button>
      </Form>
    </Formik>
  );
}

function renderForm() {
  brandStore.set(brands.arkcash);
  registerTranslations('shell', { en, ms });
  const onSubmit = jest.fn();
  render(
    <PlatformRoot>
      <NewPasswordForm onSubmit={onSubmit} />
    </PlatformRoot>,
  );
  return onSubmit;
}

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('new password fields', () => {
  it('offers both fields as new passwords the browser may fill', () => {
    renderForm();
    for (const label of ['New password', 'Confirm new password']) {
      const input = screen.getByLabelText(label);
      expect(input.getAttribute('type')).toBe('password');
      expect(input.getAttribute('autocomplete')).toBe('new-password');
    }
  });

  it('refuses a confirmation that differs and submits once both match', async () => {
    const onSubmit = renderForm();
    fill('New password', 'a fresh password 123');
    fill('Confirm new password', 'a fresh password 124');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The passwords do not match')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    fill('Confirm new password', 'a fresh password 123');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith('a fresh password 123'));
  });
});
