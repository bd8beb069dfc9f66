import { fireEvent, screen, waitFor } from '@testing-library/react';

import { renderInPlatform } from './render-in-platform';
import { RecoveryCodes, SecondFactorForm } from './second-factor';

const ENROL = {
  step: 'ENROL' as const,
  challengeToken: 'challenge',
  otpauthUrl: 'otpauth://totp/Lending:ops%40lender.test?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
};

// Chakra's first render in jsdom is slow on a busy machine.
jest.setTimeout(30_000);

describe('the second step of staff sign-in', () => {
  it('shows a QR code and the key to type, and asks for a 6-digit code before sending it', async () => {
    const onSubmit = jest.fn();
    renderInPlatform(
      <SecondFactorForm step={ENROL} busy={false} failure={null} onSubmit={onSubmit} />,
    );
    expect(screen.getByText('Set up your authenticator app')).toBeTruthy();
    const qr = await screen.findByTestId('totp-qr');
    expect(qr.getAttribute('alt')).toBe('QR code to add this account to an authenticator app');
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByTestId('totp-secret').textContent).toBe(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );
    const code = screen.getByLabelText(/6-digit code/);
    fireEvent.change(code, { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm and sign in' }));
    expect(await screen.findByText('The code is 6 digits')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(code, { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm and sign in' }));
    expect(onSubmit).toHaveBeenCalledWith({ code: '123456' });
    // Enrolment has no recovery codes yet to fall back on.
    expect(screen.queryByRole('button', { name: 'Use a recovery code' })).toBeNull();
  });

  it('lets an enrolled member use a recovery code instead, and shows why a code was refused', async () => {
    const onSubmit = jest.fn();
    renderInPlatform(
      <SecondFactorForm
        step={{ step: 'CODE', challengeToken: 'challenge' }}
        busy={false}
        failure="This recovery code is not correct or was used already."
        onSubmit={onSubmit}
      />,
    );
    expect(screen.getByText('This recovery code is not correct or was used already.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    const field = await screen.findByLabelText(/Recovery code/);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter a recovery code')).toBeTruthy();
    fireEvent.change(field, { target: { value: 'ABCD-EFGH-JKLM' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(onSubmit).toHaveBeenCalledWith({ recoveryCode: 'ABCD-EFGH-JKLM' });
    fireEvent.click(screen.getByRole('button', { name: 'Use the code from the app' }));
    expect(await screen.findByLabelText(/6-digit code/)).toBeTruthy();
  });

  it('shows the recovery codes once, with a way to copy them', async () => {
    const codes = Array.from({ length: 10 }, (_, i) => `AAAA-BBBB-CC${String(i).padStart(2, '0')}`);
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    const onDone = jest.fn();
    renderInPlatform(<RecoveryCodes codes={codes} onDone={onDone} />);
    expect(screen.getByTestId('recovery-codes').querySelectorAll('li')).toHaveLength(10);
    fireEvent.click(screen.getByRole('button', { name: 'Copy the codes' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(codes.join('\n')));
    expect(await screen.findByText('The codes are copied.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'I have saved them, continue' }));
    expect(onDone).toHaveBeenCalled();
  });
});
