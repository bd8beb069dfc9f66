import '@lending/ui/src/testing/jsdom';

import { registerTranslations, setLanguage } from '@lending/platform';
import { screen } from '@testing-library/react';

import en from '../../locales/en/onboarding-identity.json';
import ms from '../../locales/ms/onboarding-identity.json';
import { renderInPlatform } from '../../testing/test-harness';
import { LinkExpiry } from './link-expiry';

const deviceZone = process.env.TZ;

beforeEach(() => {
  registerTranslations('onboarding-identity', { en, ms });
  // A phone or laptop set to another zone than the lender's.
  process.env.TZ = 'America/New_York';
});
afterEach(() => {
  process.env.TZ = deviceZone;
  setLanguage('EN');
});

describe('the capture link’s expiry', () => {
  it('is told in Malaysia time, whatever zone the device is in, and says so', () => {
    setLanguage('EN');
    renderInPlatform(<LinkExpiry expiresAt="2026-11-24T03:05:00.000Z" />);
    expect(screen.getByText(/expires at/).textContent).toBe(
      'The link can be used once and expires at 11:05 (Malaysia time).',
    );
  });

  it('and in Bahasa Melayu', () => {
    setLanguage('MS');
    renderInPlatform(<LinkExpiry expiresAt="2026-11-24T15:30:00.000Z" />);
    expect(screen.getByText(/tamat tempoh/).textContent).toBe(
      'Pautan ini boleh digunakan sekali sahaja dan tamat tempoh pada 23:30 (waktu Malaysia).',
    );
  });
});
