import { session, setLanguage } from '@lending/platform';
import { screen } from '@testing-library/react';

import { renderInRemote } from '../../testing/render';
import { AccountCreationPage } from './account-creation-page';

jest.setTimeout(30_000);

afterEach(() => {
  session.clear();
  setLanguage('EN');
});

describe('/loan-status/account-creation', () => {
  it('tells a visitor how an account is opened and leads to registration or sign-in', () => {
    renderInRemote(<AccountCreationPage />, '/loan-status/account-creation');
    expect(screen.getByRole('heading', { name: 'Account creation' })).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Register now' }).getAttribute('href')).toBe(
      '/registration',
    );
    expect(
      screen.getByRole('link', { name: 'I already have an account' }).getAttribute('href'),
    ).toBe('/?showLogin=true');
  });

  it('leads a signed-in person to their home page, in Bahasa Melayu too', () => {
    session.setApplicantTokens({ accessToken: 'a', refreshToken: 'r' });
    setLanguage('MS');
    renderInRemote(<AccountCreationPage />, '/loan-status/account-creation');
    expect(screen.getByRole('link', { name: 'Ke halaman utama saya' }).getAttribute('href')).toBe(
      '/home',
    );
    expect(screen.queryByRole('link', { name: 'Daftar sekarang' })).toBeNull();
  });
});
