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
    // The shipped fees put every offer above its cap: the admin is told first.
    expect(onSave).not.toHaveBeenCalled();
    await user.click(await screen.findByRole('button', { name: /Save anyway/ }));
    expect(onSave).toHaveBeenCalledWith({
      ...DEFAULT_PRODUCT_SETTINGS,
      bans: { rejectionBanMonths: 4, temporaryBanMonths: 6 },
    });
  });

  it('warns with the figures before saving settings that put every offer of a kind above its cap', async () => {
    const user = userEvent.setup({ delay: null });
    const { onSave } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Save as a new version' }));
    const warning = await screen.findByTestId('all-in-warning');
    expect(warning.textContent).toContain(
      'Secured: even over the longest tenure the all-in rate is at least 20.45%, above the 12.00% cap (12.00% interest, and the attestation fee kept adds 8.45%)',
    );
    expect(warning.textContent).toContain('at least 21.83%, above the 18.00% cap');
    expect(onSave).not.toHaveBeenCalled();
    // A change after the warning is warned about again, not saved on the old confirmation.
    fireEvent.change(screen.getByLabelText('Attestation fee, unsecured (% of the amount)'), {
      target: { value: '1' },
    });
    await user.click(screen.getByRole('button', { name: /Save anyway/ }));
    expect(onSave).not.toHaveBeenCalled();
    const again = await screen.findByTestId('all-in-warning');
    expect(again.textContent).toContain('Secured');
    expect(again.textContent).not.toContain('Unsecured');
    // Fees that let an offer of each kind stay within its cap save at once.
    fireEvent.change(screen.getByLabelText('Attestation fee, secured (% of the amount)'), {
      target: { value: '0' },
    });
    await user.click(screen.getByRole('button', { name: 'Save as a new version' }));
    expect(screen.queryByTestId('all-in-warning')).toBeNull();
    expect(onSave).toHaveBeenCalledTimes(1);
  });

  it('warns in Bahasa Melayu too', async () => {
    setLanguage('MS');
    const user = userEvent.setup({ delay: null });
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Simpan sebagai versi baharu' }));
    expect((await screen.findByTestId('all-in-warning')).textContent).toContain(
      'Bercagar: walaupun bagi tempoh terpanjang, kadar keseluruhan sekurang-kurangnya 20.45%',
    );
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
    await user.click(await screen.findByRole('button', { name: /Save anyway/ }));
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
