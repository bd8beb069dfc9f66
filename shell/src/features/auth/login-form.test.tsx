// The brand packs import their images; their declarations live beside them.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../../../../brands/src/assets.d.ts" />
import '@lending/ui/src/testing/jsdom';

import { brands } from '@lending/brands';
import type { LoginResponse } from '@lending/contracts';
import { authApi, brandStore, registerTranslations, setLanguage } from '@lending/platform';
import { PlatformRoot } from '@lending/ui';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';

import en from '../../locales/en/shell.json';
import ms from '../../locales/ms/shell.json';
import { LoginForm } from './login-form';

jest.setTimeout(30_000);

afterEach(() => jest.restoreAllMocks());

describe('signing in right after ticking the bot check', () => {
  it('holds Sign in while the check is asked, then signs in with its pass', async () => {
    brandStore.set(brands.arkcash);
    registerTranslations('shell', { en, ms });
    setLanguage('EN');
    jest.spyOn(authApi, 'captchaConfig').mockResolvedValue({ provider: 'sandbox', siteKey: null });
    let pass: (token: string) => void = () => undefined;
    jest
      .spyOn(authApi, 'solveSandboxCaptcha')
      .mockReturnValue(new Promise<string>((resolve) => (pass = resolve)));
    jest.spyOn(authApi, 'verifyCaptcha').mockResolvedValue(true);
    const login = jest.spyOn(authApi, 'login').mockResolvedValue({} as LoginResponse);
    const onSignedIn = jest.fn();
    render(
      <PlatformRoot>
        <MemoryRouter>
          <LoginForm kind="email" onSignedIn={onSignedIn} onLeave={() => undefined} />
        </MemoryRouter>
      </PlatformRoot>,
    );

    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'aina@example.com' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'a long password' } });
    fireEvent.click(await screen.findByRole('checkbox', { name: en.captcha.notARobot }));

    await waitFor(() => expect(authApi.solveSandboxCaptcha).toHaveBeenCalled());
    // The box is ticked but its pass has not come: pressing now must not be lost.
    const submit = screen.getByRole('button', { name: new RegExp(en.captcha.checking) });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    expect(login).not.toHaveBeenCalled();

    await act(async () => pass('sandbox-pass'));
    const ready = await screen.findByRole('button', { name: en.login.submit });
    await waitFor(() => expect((ready as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(ready);
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(login).toHaveBeenCalledWith(
      expect.objectContaining({ email: 'aina@example.com', captchaToken: 'sandbox-pass' }),
    );
  });
});
