import '@lending/ui/src/testing/jsdom';

import { registerTranslations } from '@lending/platform';
import { screen } from '@testing-library/react';

import en from '../../locales/en/onboarding-registration.json';
import ms from '../../locales/ms/onboarding-registration.json';
import { renderInPlatform } from '../../testing/test-harness';
import { CodeVerification } from './code-verification';

function renderCode(
  pending: { sentTo: string; expiresAt: string; resendAvailableAt: string } | null,
) {
  registerTranslations('onboarding-registration', { en, ms });
  return renderInPlatform(
    <CodeVerification
      channel="sms"
      title="Mobile number verification"
      verified={false}
      pending={pending}
      onVerified={() => undefined}
    />,
  );
}

const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

describe('one channel of verification codes', () => {
  it('says nothing has been sent until the code is asked for', () => {
    renderCode(null);
    expect(screen.getByRole('status').textContent).toContain('Nothing has been sent yet');
    expect(screen.queryByRole('textbox', { name: 'Digit 1 of 6' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Send code' })).toBeTruthy();
  });

  it('offers the boxes at once for a code sent before the page was reloaded', () => {
    renderCode({
      sentTo: '+60******789',
      expiresAt: inSeconds(9 * 60),
      resendAvailableAt: inSeconds(42),
    });
    expect(screen.getByRole('status').textContent).toContain('+60******789');
    expect(screen.getByRole('textbox', { name: 'Digit 1 of 6' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Verify' })).toBeTruthy();
    const resend = screen.getByRole('button', { name: /Send a new code in \d+ s/ });
    expect(resend.hasAttribute('disabled')).toBe(true);
  });

  it('says a code has expired instead of offering boxes for it', () => {
    renderCode({
      sentTo: '+60******789',
      expiresAt: inSeconds(-1),
      resendAvailableAt: inSeconds(-540),
    });
    expect(screen.getByRole('status').textContent).toContain('expired');
    expect(screen.queryByRole('textbox', { name: 'Digit 1 of 6' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Send a new code' })).toBeTruthy();
  });
});
