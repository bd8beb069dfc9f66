import '@lending/ui/src/testing/jsdom';

import { registerTranslations, setLanguage } from '@lending/platform';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import en from '../../locales/en/onboarding-registration.json';
import ms from '../../locales/ms/onboarding-registration.json';
import { renderInPlatform } from '../../testing/test-harness';
import { VerificationContinue } from './registration-verification-page';

const continueButton = () => screen.getByRole('button', { name: 'Continue to the application' });
const reasonOf = (button: HTMLElement) =>
  document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent;

beforeEach(() => {
  registerTranslations('onboarding-registration', { en, ms });
  setLanguage('EN');
  window.history.replaceState(null, '', '/registration/verification');
});

describe('Continue after registering', () => {
  it('says what is still to verify, and stays put when pressed', async () => {
    renderInPlatform(<VerificationContinue emailVerified smsVerified={false} />);
    const button = continueButton();
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(reasonOf(button)).toBe('Verify your mobile number to continue.');
    button.focus();
    await userEvent.keyboard('{Enter}');
    expect(window.location.pathname).toBe('/registration/verification');
  });

  it('names both while neither is verified, in Bahasa Melayu too', () => {
    setLanguage('MS');
    renderInPlatform(<VerificationContinue emailVerified={false} smsVerified={false} />);
    const button = screen.getByRole('button', { name: 'Teruskan ke permohonan' });
    expect(reasonOf(button)).toBe('Sahkan e-mel dan nombor telefon bimbit anda untuk meneruskan.');
  });

  it('goes on to the application once both are verified', async () => {
    renderInPlatform(<VerificationContinue emailVerified smsVerified />);
    const button = continueButton();
    expect(button.getAttribute('aria-disabled')).not.toBe('true');
    expect(button.getAttribute('aria-describedby')).toBeNull();
    await userEvent.click(button);
    expect(window.location.pathname).toBe('/application');
  });
});
