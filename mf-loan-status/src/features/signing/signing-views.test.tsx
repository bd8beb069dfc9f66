import { setLanguage } from '@lending/platform';
import { fireEvent, screen } from '@testing-library/react';

import { renderInRemote } from '../../testing/render';
import { AgreementReader, CodeRequest, SigningOutcome, SignWithCode } from './signing-views';

const guarantors = [
  {
    id: 'g1',
    position: 1,
    role: 'DIRECTOR' as const,
    name: 'Farid',
    required: true,
    status: 'SIGNED' as const,
    signedAt: '2026-07-01T02:00:00.000Z',
  },
  {
    id: 'g2',
    position: 2,
    role: 'DIRECTOR' as const,
    name: 'Mei Ling',
    required: true,
    status: 'INVITED' as const,
    signedAt: null,
  },
];

describe.each(['EN', 'MS'] as const)('the signing screens in %s', (language) => {
  beforeEach(() => setLanguage(language));
  const words = (en: string, ms: string) => (language === 'EN' ? en : ms);

  // How reading, asking for the code and signing work is tested with the shared steps
  // (@lending/ui signing); here, that the borrower's own words reach them.
  it('lists the agreement and the notices to read, and the borrower’s own words', async () => {
    renderInRemote(
      <AgreementReader
        documents={[
          { kind: 'AGREEMENT', sha256: 'a'.repeat(64), openedAt: '2026-07-01T02:00:00.000Z' },
          { kind: 'PDP_NOTICE', sha256: 'b'.repeat(64), openedAt: null },
          { kind: 'LOAN_TERMS', sha256: 'c'.repeat(64), openedAt: null },
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
          'Before signing, read your loan agreement AGR-AC-2026-000001 in full, and the notices that come with it.',
          'Sebelum menandatangani, baca perjanjian pinjaman AGR-AC-2026-000001 anda sepenuhnya, dan notis yang disertakan bersamanya.',
        ),
      ),
    ).toBeTruthy();
    expect(screen.getAllByRole('heading').map((heading) => heading.textContent)).toEqual(
      words(
        'Loan agreement|Personal data protection notice|Loan terms and conditions',
        'Perjanjian pinjaman|Notis perlindungan data peribadi|Terma dan syarat pinjaman',
      ).split('|'),
    );
    // Two still to open: the box and the way on wait for them.
    const confirm = screen.getByRole('checkbox', {
      name: words(
        'I have read and understood the loan agreement and the notices',
        'Saya telah membaca dan memahami perjanjian pinjaman dan notis-notisnya',
      ),
    });
    expect((confirm as HTMLInputElement).disabled).toBe(true);
  });

  it('keeps the code back until every document was opened', () => {
    const onBlocked = jest.fn();
    renderInRemote(
      <CodeRequest
        sent={null}
        sending={false}
        error={null}
        blocked="Open and read every document before asking for the signing code."
        onBlocked={onBlocked}
        onSend={jest.fn()}
        onContinue={jest.fn()}
      />,
    );
    expect(
      (screen.getByRole('button', { name: words('Send code', 'Hantar kod') }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    fireEvent.click(
      screen.getByRole('button', { name: words('Back to the documents', 'Kembali ke dokumen') }),
    );
    expect(onBlocked).toHaveBeenCalledTimes(1);
  });

  it('asks for the code on the registered number and shows the server refusal', () => {
    const onContinue = jest.fn();
    renderInRemote(
      <CodeRequest
        sent={{ sentTo: '+60******789', expiresAt: '', resendAvailableAt: '' }}
        sending={false}
        error="Please wait 30 seconds before asking for a new code"
        onSend={jest.fn()}
        onContinue={onContinue}
      />,
    );
    expect(
      screen.getByText(
        words(
          'We will send a 6-digit signing code by SMS to your registered mobile number. It is valid for 5 minutes.',
          'Kami akan menghantar kod tandatangan 6 digit melalui SMS ke nombor telefon bimbit berdaftar anda. Kod sah selama 5 minit.',
        ),
      ),
    ).toBeTruthy();
    expect(screen.getByRole('status').textContent).toMatch(/\+60\*{6}789/);
    expect(screen.getByRole('alert').textContent).toMatch(/Please wait 30 seconds/);
    fireEvent.click(screen.getByRole('button', { name: words('Enter the code', 'Masukkan kod') }));
    expect(onContinue).toHaveBeenCalled();
  });

  it('signs with six digits and shows "Invalid OTP" from the server', () => {
    const onSign = jest.fn();
    const { rerender } = renderInRemote(
      <SignWithCode signing={false} error={null} onSign={onSign} onNewCode={jest.fn()} />,
    );
    expect(
      screen.getByText(
        words(
          'Enter the 6-digit code we sent you. Signing with it has the same effect as your handwritten signature.',
          'Masukkan kod 6 digit yang kami hantar. Menandatangani dengannya sama kesannya dengan tandatangan tangan anda.',
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
    rerender(<></>);
    renderInRemote(
      <SignWithCode signing={false} error="Invalid OTP" onSign={onSign} onNewCode={jest.fn()} />,
    );
    expect(screen.getByText('Invalid OTP')).toBeTruthy();
  });

  it("shows each guarantor's progress after the borrower signed", () => {
    renderInRemote(
      <SigningOutcome
        status="AGREEMENTSIGNING"
        guarantors={guarantors}
        onViewAgreement={jest.fn()}
        onBack={jest.fn()}
      />,
    );
    expect(screen.getByText('Farid')).toBeTruthy();
    expect(screen.getByText(words('Signed', 'Telah menandatangani'))).toBeTruthy();
    expect(screen.getByText(words('Invited', 'Dijemput'))).toBeTruthy();
    expect(
      screen.getByRole('button', {
        name: words('View the signed agreement', 'Lihat perjanjian yang ditandatangani'),
      }),
    ).toBeTruthy();
  });

  it('offers the signed agreement to view and download, and the e-certificate once stamped', () => {
    const onViewAgreement = jest.fn();
    const onDownloadAgreement = jest.fn();
    const onViewECertificate = jest.fn();
    const { unmount } = renderInRemote(
      <SigningOutcome
        status="PENDING_DISBURSEMENT"
        guarantors={[]}
        onViewAgreement={onViewAgreement}
        onDownloadAgreement={onDownloadAgreement}
        onViewECertificate={onViewECertificate}
        onBack={jest.fn()}
      />,
    );
    fireEvent.click(
      screen.getByRole('button', {
        name: words('Download the signed agreement', 'Muat turun perjanjian yang ditandatangani'),
      }),
    );
    expect(onDownloadAgreement).toHaveBeenCalledTimes(1);
    fireEvent.click(
      screen.getByRole('button', { name: words('View the e-certificate', 'Lihat e-sijil') }),
    );
    expect(onViewECertificate).toHaveBeenCalledTimes(1);
    expect(onViewAgreement).not.toHaveBeenCalled();
    unmount();

    // While guarantors still sign there is no stamp certificate yet: said, not offered.
    renderInRemote(
      <SigningOutcome
        status="AGREEMENTSIGNING"
        guarantors={guarantors}
        onViewAgreement={onViewAgreement}
        onDownloadAgreement={onDownloadAgreement}
        onViewECertificate={onViewECertificate}
        error={words('Something went wrong', 'Ralat')}
        onBack={jest.fn()}
      />,
    );
    expect(
      screen.queryByRole('button', { name: words('View the e-certificate', 'Lihat e-sijil') }),
    ).toBeNull();
    expect(
      screen.getByText(
        words(
          'The e-certificate (stamp certificate) will be here once every guarantor has signed.',
          'E-sijil (sijil setem) akan tersedia di sini setelah semua penjamin menandatangani.',
        ),
      ),
    ).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(words('Something went wrong', 'Ralat'));
  });

  it('sends an unsigned borrower back to sign', () => {
    const onBack = jest.fn();
    renderInRemote(
      <SigningOutcome
        status="PENDING_SIGNING"
        guarantors={[]}
        onViewAgreement={jest.fn()}
        onBack={onBack}
      />,
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
