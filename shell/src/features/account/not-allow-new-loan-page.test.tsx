// The brand packs import their images; their declarations live beside them.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../../../../brands/src/assets.d.ts" />
import '@lending/ui/src/testing/jsdom';

import { brands } from '@lending/brands';
import {
  accountStore,
  brandStore,
  registerTranslations,
  session,
  setLanguage,
} from '@lending/platform';
import { PlatformRoot } from '@lending/ui';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';

import en from '../../locales/en/shell.json';
import ms from '../../locales/ms/shell.json';
import { NotAllowNewLoanPage } from './not-allow-new-loan-page';

jest.setTimeout(30_000);

function show() {
  brandStore.set(brands.arkcash);
  registerTranslations('shell', { en, ms });
  render(
    <PlatformRoot>
      <MemoryRouter initialEntries={['/not-allow-new-loan']}>
        <NotAllowNewLoanPage />
      </MemoryRouter>
    </PlatformRoot>,
  );
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

afterEach(() => {
  session.clear();
  accountStore.clear();
  setLanguage('EN');
});

describe('/not-allow-new-loan', () => {
  it('tells a visitor nobody knows what the page is for, not that their application failed', () => {
    show();
    expect(screen.getByRole('status').textContent).not.toMatch(/not successful\. You may/);
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
      '/?showLogin=true',
    );
  });

  it('tells an applicant with no wait that nothing stops them', () => {
    session.setApplicantTokens({ accessToken: 'a', refreshToken: 'r' });
    accountStore.set({ user: { id: 'u', firstName: 'Siti' }, application: null, agreement: null });
    show();
    expect(screen.getByRole('heading', { name: 'You may apply for a loan' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to my home page' })).toBeTruthy();
  });

  it('tells a waiting applicant until when, with their history, contact and sign-out', () => {
    setLanguage('MS');
    session.setApplicantTokens({ accessToken: 'a', refreshToken: 'r' });
    accountStore.set({
      user: {
        id: 'u',
        firstName: 'Siti',
        allowToApplyNewLoanAfterDateTime: inDays(60),
        newLoanBlockKind: 'REJECTION',
      },
      application: { id: 'app', status: 'REJECTED' },
      agreement: null,
    });
    show();
    expect(screen.getByTestId('not-allow-new-loan-date').textContent).toMatch(/selepas/);
    for (const name of ['Lihat sejarah pinjaman saya', 'Hubungi kami', 'Log keluar']) {
      expect(screen.getByRole('link', { name })).toBeTruthy();
    }
  });
});
