// The brand packs import their images; their declarations live beside them.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../../../brands/src/assets.d.ts" />
import '@lending/ui/src/testing/jsdom';

import arkcash from '@lending/brands/arkcash';
import { DEFAULT_PRODUCT_SETTINGS, type ProductSettings } from '@lending/domain';
import { brandStore, registerTranslations, setLanguage } from '@lending/platform';
import { PlatformRoot } from '@lending/ui';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import en from '../locales/en/admin-settings.json';
import ms from '../locales/ms/admin-settings.json';
import { SettingsForm, type SettingsFormProps } from './settings-form';

// The whole settings form re-renders on each change; a busy machine needs more than 5 s.
jest.setTimeout(30_000);
brandStore.set(arkcash);
registerTranslations('admin-settings', { en, ms });

function renderForm(props: Partial<SettingsFormProps> = {}) {
  const onSave = jest.fn<Promise<void>, [ProductSettings]>().mockResolvedValue(undefined);
  const onReload = jest.fn();
  render(
    <PlatformRoot>
      <SettingsForm
        settings={DEFAULT_PRODUCT_SETTINGS}
        editable
        onSave={onSave}
        onReload={onReload}
        {...props}
      />
    </PlatformRoot>,
  );
  return { onSave, onReload };
}

describe('product settings form', () => {
  beforeEach(() => setLanguage('EN'));

  it('shows every setting read-only to staff who are not admins', () => {
    renderForm({ editable: false });
    const rate = screen.getByRole('textbox', { name: 'Unsecured annual rate (%)' });
    expect((rate as HTMLInputElement).value).toBe('16.80');
    expect((rate as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save as a new version' })).toBeNull();
    expect(screen.getByText(/Only an admin can change/)).toBeTruthy();
  });

  it('saves the edited settings from the version they were read at', async () => {
    const user = userEvent.setup({ delay: null });
    const { onSave } = renderForm();
    fireEvent.change(screen.getByLabelText('After a rejection (months)'), {
      target: { value: '4' },
    });
    await user.click(screen.getByRole('button', { name: 'Save as a new version' }));
    expect(onSave).toHaveBeenCalledWith({
      ...DEFAULT_PRODUCT_SETTINGS,
      bans: { rejectionBanMonths: 4, temporaryBanMonths: 6 },
    });
  });

  it('shows what the domain validator refuses without sending anything', async () => {
    const user = userEvent.setup({ delay: null });
    const { onSave } = renderForm();
    fireEvent.change(screen.getByLabelText('Unsecured annual rate (%)'), {
      target: { value: '19' },
    });
    await user.click(screen.getByRole('button', { name: 'Save as a new version' }));
    const problems = await screen.findByTestId('settings-problems');
    expect(problems.textContent).toContain('The rate is above the Moneylenders Act cap');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('adds an approval band and asks for a reload when someone else saved first', async () => {
    const user = userEvent.setup({ delay: null });
    const { onSave, onReload } = renderForm();
    onSave.mockRejectedValueOnce({
      response: { status: 409, data: { code: 'SETTINGS_CHANGED', message: 'changed' } },
    });
    await user.click(screen.getByRole('button', { name: 'Remove band 2' }));
    fireEvent.change(screen.getByLabelText(/Band 1: up to/), { target: { value: '' } });
    await user.click(screen.getByRole('button', { name: 'Save as a new version' }));
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({ approvalBands: [{ upToSen: null, levels: 1 }] }),
    );
    expect((await screen.findByTestId('settings-changed')).textContent).toContain(
      'The settings changed, reload',
    );
    await user.click(screen.getByRole('button', { name: 'Reload the settings' }));
    expect(onReload).toHaveBeenCalled();
  });

  it('speaks Bahasa Melayu', async () => {
    setLanguage('MS');
    renderForm();
    expect(await screen.findByRole('button', { name: 'Simpan sebagai versi baharu' })).toBeTruthy();
  });
});
