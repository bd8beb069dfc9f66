import { setLanguage } from '@lending/platform';
import { fireEvent, screen } from '@testing-library/react';

import { renderInRemote } from '../../testing/render';
import { LoanAgreementPage } from './guarantor-pages';
import { AgreementReader, CodeRequest, SigningOutcome, SignWithCode } from './guarantor-views';
import { IdentityVerificationPage } from './identity-pages';
import { IdentityCheck, LinkInvalid, VerificationRetry } from './identity-views';

describe.each(['EN', 'MS'] as const)('the guarantor signing screens in %s', (language) => {
  beforeEach(() => setLanguage(language));
  const words = <T,>(en: T, ms: T): T => (language === 'EN' ? en : ms);

  it('says clearly when the link is expired or not valid', () => {
    renderInRemote(<LinkInvalid />);
    expect(screen.getByRole('alert').textContent).toBe(
      words(
        'This link has expired or is not valid',
        'Pautan ini telah tamat tempoh atau tidak sah',
      ),
    );
    expect(screen.getByText(words(/ask the borrower/, /minta peminjam/))).toBeTruthy();
    // The way on: writing to customer service.
    expect(
      screen.getByRole('link', {
        name: words('Contact customer service', 'Hubungi khidmat pelanggan'),
      }),
    ).toBeTruthy();
  });

  it('opens a link without a token on the invalid-link page, not the journey', () => {
    renderInRemote(<IdentityVerificationPage />, '/guarantor-signing/identity-verification');
    expect(
      screen.getByRole('heading', {
        name: words(
          'This signing link cannot be used',
          'Pautan tandatangan ini tidak boleh digunakan',
        ),
      }),
    ).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('refuses the agreement screen too when the token is missing', () => {
    renderInRemote(<LoanAgreementPage />, '/guarantor-signing/loan-agreement?token=');
    expect(screen.getByRole('alert').textContent).toMatch(
      words(/expired or is not valid/, /tamat tempoh atau tidak sah/),
    );
  });

  it('starts identity verification, then points to the capture page and waits', () => {
    const onStart = jest.fn();
    const props = {
      name: 'Farid',
      agreementNo: 'AGR-AC-2026-000001',
      verified: false,
      starting: false,
      error: null,
      onStart,
      onContinue: jest.fn(),
    };
    const { rerender } = renderInRemote(<IdentityCheck {...props} started={null} />);
    expect(screen.getByText(/Farid/).textContent).toMatch(/AGR-AC-2026-000001/);
    fireEvent.click(
      screen.getByRole('button', { name: words('Verify my identity', 'Sahkan identiti saya') }),
    );
    expect(onStart).toHaveBeenCalledTimes(1);
    rerender(<></>);
    renderInRemote(
      <IdentityCheck
        {...props}
        started={{ captureUrl: 'http://localhost/ekyc/capture/abc', expiresAt: '' }}
      />,
    );
    const open = screen.getByRole('link', {
      name: words('Open the verification page', 'Buka halaman pengesahan'),
    });
    expect(open.getAttribute('href')).toBe('http://localhost/ekyc/capture/abc');
    expect(screen.getByRole('status').textContent).toMatch(
      words(/Waiting for your verification/, /Menunggu pengesahan anda/),
    );
  });

  it('lets a verified guarantor continue to the agreement', () => {
    const onContinue = jest.fn();
    renderInRemote(
      <IdentityCheck
        name="Farid"
        agreementNo="AGR-AC-2026-000001"
        verified
        started={null}
        starting={false}
        error={null}
        onStart={jest.fn()}
        onContinue={onContinue}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe(
      words('Your identity is verified.', 'Identiti anda telah disahkan.'),
    );
    fireEvent.click(
      screen.getByRole('button', {
        name: words('Continue to the agreement', 'Teruskan ke perjanjian'),
      }),
    );
    expect(onContinue).toHaveBeenCalled();
  });

  it('shows why verification failed and offers another try', () => {
    const onRetry = jest.fn();
    renderInRemote(
      <VerificationRetry
        reason="The identity card number does not match"
        starting={false}
        error={null}
        onRetry={onRetry}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toMatch(
      words('We could not verify your identity', 'Kami tidak dapat mengesahkan identiti anda'),
    );
    expect(alert.textContent).toMatch(/does not match/);
    fireEvent.click(screen.getByRole('button', { name: words('Try again', 'Cuba lagi') }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('words a card that is not theirs for a guarantor: no application, no registering again', () => {
    renderInRemote(
      <VerificationRetry
        reason="Identity card does not match the application form, please register again and retry"
        starting={false}
        error={null}
        onRetry={() => undefined}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).not.toMatch(/register|daftar|application form|borang permohonan/i);
    expect(alert.textContent).toMatch(
      words(
        'The identity card used is not the one of the person this signing link was sent to.',
        'Kad pengenalan yang digunakan bukan milik orang yang menerima pautan tandatangan ini.',
      ),
    );
  });

  // How reading, asking for the code and signing work is tested with the shared steps
  // (@lending/ui signing); here, that the guarantor's own words reach them.
  it('lists the deed of guarantee and the privacy notice to read, in the guarantor’s words', async () => {
    renderInRemote(
      <AgreementReader
        documents={[
          { kind: 'GUARANTEE', sha256: 'a'.repeat(64), openedAt: null },
          { kind: 'PDP_NOTICE', sha256: 'b'.repeat(64), openedAt: null },
        ]}
        agreementNo="AGR-AC-2026-000001"
        load={jest.fn()}
        onOpened={jest.fn()}
        onContinue={jest.fn()}
      />,
    );
    expect(
      await screen.findByText(
        words(
          'Before you sign, read your deed of guarantee for loan agreement AGR-AC-2026-000001, and the privacy notice that comes with it.',
          'Sebelum menandatangani, baca surat jaminan anda bagi perjanjian pinjaman AGR-AC-2026-000001, dan notis privasi yang disertakan bersamanya.',
        ),
      ),
    ).toBeTruthy();
    expect(screen.getAllByRole('heading').map((heading) => heading.textContent)).toEqual(
      words(
        'Deed of guarantee|Personal data protection notice',
        'Surat jaminan|Notis perlindungan data peribadi',
      ).split('|'),
    );
    expect(
      (
        screen.getByRole('checkbox', {
          name: words(
            'I have read and understood my guarantee, the sums it guarantees, and the privacy notice',
            'Saya telah membaca dan memahami jaminan saya, jumlah yang dijamin, dan notis privasi',
          ),
        }) as HTMLInputElement
      ).disabled,
    ).toBe(true);
  });

  it("asks for the code on the guarantor's phone and goes on once it is sent", () => {
    const onContinue = jest.fn();
    renderInRemote(
      <CodeRequest
        sent={{ sentTo: '+60******789', expiresAt: '', resendAvailableAt: '' }}
        sending={false}
        error={null}
        onSend={jest.fn()}
        onContinue={onContinue}
      />,
    );
    expect(
      screen.getByText(
        words(
          'We will send a 6-digit signing code by SMS to your phone number. It is valid for 5 minutes.',
          'Kami akan menghantar kod tandatangan 6 digit melalui SMS ke nombor telefon anda. Kod sah selama 5 minit.',
        ),
      ),
    ).toBeTruthy();
    expect(screen.getByRole('status').textContent).toMatch(/\+60\*{6}789/);
    fireEvent.click(
      screen.getByRole('button', { name: words('I have the code', 'Saya sudah menerima kod') }),
    );
    expect(onContinue).toHaveBeenCalled();
  });

  it('signs as guarantor with the six digits of the code', () => {
    const onSign = jest.fn();
    renderInRemote(
      <SignWithCode signing={false} error={null} onSign={onSign} onNewCode={jest.fn()} />,
    );
    expect(
      screen.getByText(
        words(
          'Enter the 6-digit code from the SMS to sign the agreement as guarantor.',
          'Masukkan kod 6 digit daripada SMS untuk menandatangani perjanjian sebagai penjamin.',
        ),
      ),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText(words('Signing code', 'Kod tandatangan')), {
      target: { value: '123456' },
    });
    fireEvent.click(
      screen.getByRole('button', { name: words('Sign the agreement', 'Tandatangani perjanjian') }),
    );
    expect(onSign).toHaveBeenCalledWith('123456');
  });

  it('thanks a guarantor who signed and offers the signed agreement', () => {
    const onView = jest.fn();
    renderInRemote(
      <SigningOutcome
        signed
        agreementNo="AGR-AC-2026-000001"
        onViewAgreement={onView}
        onBack={jest.fn()}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe(
      words(
        'Thank you. You have signed agreement AGR-AC-2026-000001 as guarantor.',
        'Terima kasih. Anda telah menandatangani perjanjian AGR-AC-2026-000001 sebagai penjamin.',
      ),
    );
    fireEvent.click(
      screen.getByRole('button', {
        name: words('View the signed agreement', 'Lihat perjanjian yang ditandatangani'),
      }),
    );
    expect(onView).toHaveBeenCalled();
  });

  it('sends a guarantor who has not signed back to sign', () => {
    const onBack = jest.fn();
    renderInRemote(
      <SigningOutcome signed={false} agreementNo="" onViewAgreement={jest.fn()} onBack={onBack} />,
    );
    expect(screen.getByRole('alert').textContent).toBe(
      words(
        'Agreement not signed, return to previous page to sign',
        'Perjanjian belum ditandatangani, kembali ke halaman sebelumnya untuk menandatangani',
      ),
    );
    fireEvent.click(
      screen.getByRole('button', { name: words('Return to sign', 'Kembali untuk menandatangani') }),
    );
    expect(onBack).toHaveBeenCalled();
  });
});
