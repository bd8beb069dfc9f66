// The brand packs import their images; their declarations live beside them.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../../../../brands/src/assets.d.ts" />
import '@lending/ui/src/testing/jsdom';

import { brands } from '@lending/brands';
import { EVIDENCE_PATHS } from '@lending/contracts';
import { api, brandStore, registerTranslations, setLanguage } from '@lending/platform';
import { PlatformRoot } from '@lending/ui';
import { configure, fireEvent, render, screen } from '@testing-library/react';

import en from '../../locales/en/shell.json';
import ms from '../../locales/ms/shell.json';
import { MyDataDownload } from './my-data-download';

function renderDownload() {
  brandStore.set(brands.arkcash);
  registerTranslations('shell', { en, ms });
  render(
    <PlatformRoot>
      <MyDataDownload />
    </PlatformRoot>,
  );
}

configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(30_000);

beforeEach(() => setLanguage('EN'));
afterEach(() => jest.restoreAllMocks());

describe('downloading my data', () => {
  it('saves the ZIP the API gives under its own name, then says so', async () => {
    const get = jest.spyOn(api.core, 'get').mockResolvedValue({
      data: new Blob(['PK'], { type: 'application/zip' }),
      status: 200,
      headers: { 'content-disposition': 'attachment; filename="personal-data-2026-03-02.zip"' },
      config: {},
    });
    const createObjectURL = jest.fn(() => 'blob:data');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    let saved = '';
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved = this.download;
    });
    renderDownload();
    fireEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('Your data has been downloaded.')).toBeTruthy();
    expect(get).toHaveBeenCalledWith(EVIDENCE_PATHS.myData, { responseType: 'blob' });
    expect(saved).toBe('personal-data-2026-03-02.zip');
  });

  it('says in Malay when the file could not be prepared', async () => {
    setLanguage('MS');
    jest.spyOn(api.core, 'get').mockRejectedValue(new Error('Talian terputus'));
    renderDownload();
    expect(screen.getByRole('heading', { name: 'Data anda' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Muat turun data saya' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Data anda tidak dapat disediakan: Talian terputus');
  });
});
