import '@lending/ui/src/testing/jsdom';

import { accountStore, registerTranslations, session, setLanguage } from '@lending/platform';
import { screen } from '@testing-library/react';

import { RegistrationVerificationPage } from '../features/email-verification/registration-verification-page';
import registrationEn from '../locales/en/onboarding-registration.json';
import registrationMs from '../locales/ms/onboarding-registration.json';
import { renderInPlatform } from '../testing/test-harness';
import { ApplicationFrame } from './application-frame';

describe('a visitor who is not signed in', () => {
  beforeEach(() => {
    session.clear();
    accountStore.set({ user: null, application: null, agreement: null });
    registerTranslations('onboarding-registration', { en: registrationEn, ms: registrationMs });
  });
  afterEach(() => setLanguage('EN'));

  it('is asked to sign in or register on the verification page, never shown a raw refusal', () => {
    setLanguage('EN');
    renderInPlatform(<RegistrationVerificationPage />);
    expect(screen.getByTestId('sign-in-needed').textContent).toContain('Please sign in');
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Register' })).toBeTruthy();
    expect(screen.queryByText('Unauthorized')).toBeNull();
  });

  it('is asked in Malay when the page is in Malay', () => {
    setLanguage('MS');
    renderInPlatform(<RegistrationVerificationPage />);
    expect(screen.getByTestId('sign-in-needed').textContent).toContain('Sila log masuk');
    expect(screen.getByRole('button', { name: 'Daftar' })).toBeTruthy();
  });

  it('is asked to sign in on an application page instead of told there is no application', () => {
    setLanguage('EN');
    renderInPlatform(
      <ApplicationFrame titleKey="mf-onboarding:screens.companyDetails.title">
        {() => <p>form</p>}
      </ApplicationFrame>,
    );
    expect(screen.getByTestId('sign-in-needed')).toBeTruthy();
    expect(screen.queryByTestId('application-not-found')).toBeNull();
    expect(screen.queryByText('form')).toBeNull();
  });
});
