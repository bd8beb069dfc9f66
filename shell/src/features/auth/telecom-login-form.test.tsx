// The brand packs import their images; their declarations live beside them.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../../../../brands/src/assets.d.ts" />
import '@lending/ui/src/testing/jsdom';

import { brands } from '@lending/brands';
import type { RedOneFirstLoginResponse, UserDetails } from '@lending/contracts';
import {
  ApiError,
  authApi,
  brandStore,
  registerTranslations,
  setLanguage,
} from '@lending/platform';
import { PlatformRoot } from '@lending/ui';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';

import en from '../../locales/en/shell.json';
import ms from '../../locales/ms/shell.json';
import { TelecomLoginForm } from './telecom-login-form';

jest.setTimeout(30_000);

/** A failed call as the API client rejects it: the server's error body on the response. */
function refusal(status: number, message: string, code = 'BAD_REQUEST') {
  const data = { statusCode: status, error: 'Error', message, code };
  return new ApiError(message, 'ERR_BAD_REQUEST', {}, { status, data, headers: {}, config: {} });
}

const NO_ACCOUNT: RedOneFirstLoginResponse = {
  redOneJwt: 'line-proof',
  accessToken: null,
  refreshToken: null,
  userDetails: null,
  applicationDetails: [],
  agreementDetails: null,
  phoneNo: '+60111000001',
  phoneNoTaken: false,
};

function show(language: 'EN' | 'MS' = 'EN') {
  brandStore.set(brands.redcash);
  registerTranslations('shell', { en, ms });
  setLanguage(language);
  const handlers = { onSignedIn: jest.fn(), onRegister: jest.fn(), onUseEmail: jest.fn() };
  render(
    <PlatformRoot>
      <TelecomLoginForm {...handlers} />
    </PlatformRoot>,
  );
  return handlers;
}

async function signIn(phone: string, password: string) {
  fireEvent.change(screen.getByRole('textbox', { name: /phone number/i }), {
    target: { value: phone },
  });
  fireEvent.change(screen.getByLabelText('Telecom account password'), {
    target: { value: password },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

afterEach(() => {
  jest.restoreAllMocks();
  setLanguage('EN');
});

describe('the telecom sign-in', () => {
  it('sends the line as E.164 and hands a linked account to the session', async () => {
    const user = { id: 'u1', firstName: 'Aiman' } as UserDetails;
    const firstLogin = jest.spyOn(authApi, 'redOneFirstLogin').mockResolvedValue({
      ...NO_ACCOUNT,
      accessToken: 'access',
      refreshToken: 'refresh',
      userDetails: user,
    });
    const handlers = show();
    await signIn('0111000001', 'Sandbox#2026');
    await waitFor(() => expect(handlers.onSignedIn).toHaveBeenCalled());
    expect(firstLogin).toHaveBeenCalledWith({ callerId: '+60111000001', password: 'Sandbox#2026' });
    expect(handlers.onSignedIn.mock.calls[0][0]).toMatchObject({
      accessToken: 'access',
      userDetails: user,
    });
  });

  it('asks for the phone number and password before calling the telecom', async () => {
    const firstLogin = jest.spyOn(authApi, 'redOneFirstLogin');
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter your Phone number')).toBeTruthy();
    expect(screen.getByText('Please enter your Telecom account password')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /phone number/i }), {
      target: { value: '12' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter a valid Phone number')).toBeTruthy();
    expect(firstLogin).not.toHaveBeenCalled();
  });

  it('says a wrong phone number or password plainly', async () => {
    jest
      .spyOn(authApi, 'redOneFirstLogin')
      .mockRejectedValue(refusal(401, 'Invalid phone number or password'));
    show();
    await signIn('0111000001', 'wrong');
    expect((await screen.findByTestId('telecom-login-error')).textContent).toContain(
      'Invalid phone number or password',
    );
  });

  it('checks the NRIC of a line with no account, then leads to registration with the number', async () => {
    jest.spyOn(authApi, 'redOneFirstLogin').mockResolvedValue(NO_ACCOUNT);
    const validate = jest
      .spyOn(authApi, 'redOneValidateNric')
      .mockRejectedValueOnce(refusal(400, 'Invalid NRIC entered', 'TELECOM_NRIC_INVALID'))
      .mockResolvedValueOnce({
        valid: true,
        accountType: 'POSTPAID',
        postpaidTenureMonths: 24,
        telecomPostpaid: { pass: true },
      });
    const handlers = show();
    await signIn('0111000001', 'Sandbox#2026');
    const nric = await screen.findByRole('textbox', { name: 'NRIC' });
    expect(screen.getByText(/could not find an account for \+60111000001/)).toBeTruthy();

    fireEvent.change(nric, { target: { value: '900101-14-0000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByTestId('telecom-nric-error')).textContent).toBe(
      'Invalid NRIC entered',
    );
    expect(validate).toHaveBeenLastCalledWith('line-proof', '900101140000');

    fireEvent.change(nric, { target: { value: '900101-14-5677' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Postpaid line, 24 months')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continue to registration' }));
    expect(handlers.onRegister).toHaveBeenCalledWith('+60111000001');
  });

  it('tells a prepaid customer, in Malay too, why they cannot go on, with a way back', async () => {
    jest.spyOn(authApi, 'redOneFirstLogin').mockResolvedValue(NO_ACCOUNT);
    jest.spyOn(authApi, 'redOneValidateNric').mockResolvedValue({
      valid: true,
      accountType: 'PREPAID',
      postpaidTenureMonths: null,
      telecomPostpaid: { pass: false, reason: 'noTelecomPostpaid' },
    });
    show('MS');
    fireEvent.change(screen.getByRole('textbox', { name: /nombor telefon/i }), {
      target: { value: '0111000003' },
    });
    fireEvent.change(screen.getByLabelText('Kata laluan akaun telekomunikasi'), {
      target: { value: 'Sandbox#2026' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Log masuk' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'No. Kad Pengenalan' }), {
      target: { value: '881212081235' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Teruskan' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/Talian prabayar tidak layak/);
    expect(screen.queryByRole('button', { name: 'Teruskan ke pendaftaran' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Kembali ke log masuk' }));
    expect(await screen.findByRole('button', { name: 'Log masuk' })).toBeTruthy();
  });

  it('sends a number already used by another account to the email sign-in', async () => {
    jest
      .spyOn(authApi, 'redOneFirstLogin')
      .mockResolvedValue({ ...NO_ACCOUNT, phoneNoTaken: true });
    const handlers = show();
    await signIn('0111000001', 'Sandbox#2026');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in with email' }));
    expect(handlers.onUseEmail).toHaveBeenCalled();
  });

  it('has the telecom text a new password and says so on the sign-in form', async () => {
    const reset = jest.spyOn(authApi, 'redOneResetPassword').mockResolvedValue('sent');
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Forgot your telecom password?' }));
    fireEvent.change(await screen.findByRole('textbox', { name: /phone number/i }), {
      target: { value: '0111000002' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send new password' }));
    expect(await screen.findByText(/a new password is on its way by SMS/)).toBeTruthy();
    expect(reset).toHaveBeenCalledWith('+60111000002');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });
});
