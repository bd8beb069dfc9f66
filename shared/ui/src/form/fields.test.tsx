import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, Formik } from 'formik';
import type { ReactNode } from 'react';

import { SelectField, TextareaField, TextField } from './fields';

function renderForm(children: ReactNode) {
  render(
    <ChakraProvider value={defaultSystem}>
      <Formik
        initialValues={{ city: '', state: '', note: '', comments: '' }}
        validate={(values) => ({
          ...(values.city ? {} : { city: 'City is required' }),
          ...(values.state ? {} : { state: 'State is required' }),
          ...(values.comments ? {} : { comments: 'Comments cannot be empty' }),
        })}
        onSubmit={() => undefined}
      >
        <Form noValidate>
          {children}
          <button type="submit">Save</button>
        </Form>
      </Formik>
    </ChakraProvider>,
  );
}

describe('form fields', () => {
  it('shows the helper text until the field is touched and wrong, then the error', async () => {
    renderForm(<TextField name="city" label="City" helperText="As on your bill" />);
    const hint = screen.getByText('As on your bill');
    const input = screen.getByRole('textbox', { name: /^City/ });
    expect(input.getAttribute('aria-describedby')).toBe(hint.id);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const error = await screen.findByText('City is required');
    expect(screen.queryByText('As on your bill')).toBeNull();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    // The error is read with the field.
    expect(input.getAttribute('aria-describedby')).toBe(error.id);
  });

  it('marks required fields and leaves optional ones unmarked', () => {
    renderForm(
      <>
        <TextField name="city" label="City" />
        <TextField name="note" label="Note" required={false} />
      </>,
    );
    expect(screen.getByText('City').parentElement?.textContent).toContain('*');
    expect(screen.getByRole('textbox', { name: /^City/ }).hasAttribute('required')).toBe(true);
    expect(screen.getByRole('textbox', { name: 'Note' }).hasAttribute('required')).toBe(false);
  });

  it('leaves the mark off a required field when told to, still requiring it', () => {
    renderForm(<TextField name="city" label="City" markRequired={false} />);
    expect(screen.getByText('City').textContent).toBe('City');
    expect(screen.getByText('City').parentElement?.textContent).not.toContain('*');
    expect(screen.getByRole('textbox', { name: 'City' }).hasAttribute('required')).toBe(true);
  });

  it('keeps what was typed as the transform rewrites it', async () => {
    renderForm(<TextField name="city" label="City" transform={(value) => value.toUpperCase()} />);
    const city = screen.getByRole('textbox', { name: /^City/ });
    fireEvent.change(city, { target: { value: 'ipoh' } });
    await waitFor(() => expect((city as HTMLInputElement).value).toBe('IPOH'));
  });

  it('gives a select the same label and error as a text field', async () => {
    renderForm(
      <SelectField
        name="state"
        label="State"
        placeholder="Choose"
        options={[{ value: 'SGR', label: 'Selangor' }]}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('State is required')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: /^State/ }).getAttribute('aria-invalid')).toBe(
      'true',
    );
  });

  it('binds a textarea like the other fields and tags its error for tests', async () => {
    renderForm(
      <TextareaField
        name="comments"
        label="Comments"
        rows={6}
        maxLength={20}
        errorTestId="comments-error"
      />,
    );
    const comments = screen.getByRole('textbox', { name: /^Comments/ });
    expect(comments.tagName).toBe('TEXTAREA');
    expect(comments.getAttribute('maxlength')).toBe('20');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByTestId('comments-error')).textContent).toBe(
      'Comments cannot be empty',
    );
    fireEvent.change(comments, { target: { value: 'When is payout?' } });
    await waitFor(() => expect(screen.queryByTestId('comments-error')).toBeNull());
  });
});
