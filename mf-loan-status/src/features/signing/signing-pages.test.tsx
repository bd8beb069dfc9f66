import { setLanguage } from '@lending/platform';
import { queryClient } from '@lending/platform/query';
import { screen } from '@testing-library/react';
import type { ComponentType } from 'react';

import { renderInRemote } from '../../testing/render';
import {
  ApplicationCompletePage,
  DigitalSigningPage,
  LoanAgreementPage,
  RequestTacPage,
} from './signing-pages';

// Chakra's first render in jsdom is slow on a busy machine.
jest.setTimeout(30_000);

afterEach(() => {
  queryClient.clear();
  setLanguage('EN');
});

describe.each([
  ['/loan-status/loan-agreement', LoanAgreementPage],
  ['/loan-status/request-tac', RequestTacPage],
  ['/loan-status/digital-signing', DigitalSigningPage],
  ['/loan-status/application-complete', ApplicationCompletePage],
] as [string, ComponentType][])('%s opened without an agreement', (path, Page) => {
  it('says there is no agreement here and leads on, instead of loading for ever', async () => {
    renderInRemote(<Page />, path);
    expect(await screen.findByText('There is no agreement to sign here.')).toBeTruthy();
    expect(screen.queryByText('Loading your agreement…')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send code' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to my home page' }).getAttribute('href')).toBe(
      '/home',
    );
  });

  it('and in Bahasa Melayu', async () => {
    setLanguage('MS');
    renderInRemote(<Page />, path);
    expect(await screen.findByText('Tiada perjanjian untuk ditandatangani di sini.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ke halaman utama saya' })).toBeTruthy();
  });
});
