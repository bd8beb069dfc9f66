import '../testing/jsdom';

import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import type { SigningDocument } from '@lending/contracts';
import { PlatformI18nProvider, setLanguage } from '@lending/platform';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';

import { registerUiTranslations } from '../translations';
import { SigningDocuments } from './signing-documents';
import { SigningCodeEntry, SigningCodeRequest, SigningNotDone } from './signing-steps';

// pdf.js draws on a canvas jsdom does not have: the engine here stands for it, handing back the
// bytes it was given as the page's words (the drawing is checked in Chromium, end to end).
jest.mock('./pdf-engine', () => ({
  openPdf: async (bytes: ArrayBuffer) => ({
    pageCount: 1,
    drawPage: async () => undefined,
    pageText: async () => `text of ${new TextDecoder().decode(bytes)}`,
    close: () => undefined,
  }),
}));

registerUiTranslations();

function renderInPage(node: ReactNode) {
  return render(
    <PlatformI18nProvider>
      <ChakraProvider value={defaultSystem}>{node}</ChakraProvider>
    </PlatformI18nProvider>,
  );
}

const unopened = (kind: SigningDocument['kind'], sha = 'a'.repeat(64)): SigningDocument => ({
  kind,
  sha256: sha,
  openedAt: null,
});

describe.each(['EN', 'MS'] as const)('the signing steps in %s', (language) => {
  beforeEach(() => setLanguage(language));
  afterAll(() => setLanguage('EN'));
  const words = (en: string, ms: string) => (language === 'EN' ? en : ms);

  it('opens each document in the page and goes on only once every one is opened and read', async () => {
    const load = jest.fn(async (kind: string) => new Blob([`%PDF ${kind}`]));
    const onOpened = jest.fn();
    const onContinue = jest.fn();
    renderInPage(
      <SigningDocuments
        documents={[unopened('AGREEMENT'), unopened('PDP_NOTICE'), unopened('LOAN_TERMS')]}
        load={load}
        onOpened={onOpened}
        fileName={(kind) => `AGR-1-${kind}`}
        intro="Please read agreement AGR-AC-2026-000001"
        confirm="I have read them"
        onContinue={onContinue}
      />,
    );
    expect(screen.getByText('Please read agreement AGR-AC-2026-000001')).toBeTruthy();
    const titles = screen.getAllByRole('heading').map((heading) => heading.textContent);
    expect(titles).toEqual(
      language === 'EN'
        ? ['Loan agreement', 'Personal data protection notice', 'Loan terms and conditions']
        : ['Perjanjian pinjaman', 'Notis perlindungan data peribadi', 'Terma dan syarat pinjaman'],
    );
    const next = screen.getByRole('button', {
      name: words('Continue to sign', 'Teruskan untuk menandatangani'),
    });
    const confirm = screen.getByRole('checkbox', { name: 'I have read them' });
    expect((next as HTMLButtonElement).disabled).toBe(true);
    expect((confirm as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByTestId('signing-documents-progress').textContent).toBe(
      words(
        '0 of 3 documents opened. Open each one to go on.',
        '0 daripada 3 dokumen telah dibuka. Buka setiap satu untuk meneruskan.',
      ),
    );

    const titleOf = {
      AGREEMENT: words('Loan agreement', 'Perjanjian pinjaman'),
      PDP_NOTICE: words('Personal data protection notice', 'Notis perlindungan data peribadi'),
      LOAN_TERMS: words('Loan terms and conditions', 'Terma dan syarat pinjaman'),
    };
    for (const [kind, name] of [
      ['AGREEMENT', words('Read the Loan agreement', 'Baca Perjanjian pinjaman')],
      [
        'PDP_NOTICE',
        words('Read the Personal data protection notice', 'Baca Notis perlindungan data peribadi'),
      ],
      ['LOAN_TERMS', words('Read the Loan terms and conditions', 'Baca Terma dan syarat pinjaman')],
    ] as const) {
      fireEvent.click(screen.getByRole('button', { name }));
      await waitFor(() => expect(load).toHaveBeenCalledWith(kind));
      // Drawn in the page from the bytes fetched, in the document's own section.
      const region = screen.getByRole('region', { name: titleOf[kind] });
      expect(region.getAttribute('data-testid')).toBe(`signing-document-${kind}`);
      expect(await within(region).findByText(`text of %PDF ${kind}`)).toBeTruthy();
    }
    expect(onOpened.mock.calls.map(([kind]) => kind)).toEqual([
      'AGREEMENT',
      'PDP_NOTICE',
      'LOAN_TERMS',
    ]);
    expect(screen.getByTestId('signing-documents-progress').textContent).toBe(
      words('You have opened every document.', 'Anda telah membuka setiap dokumen.'),
    );
    fireEvent.click(next);
    expect(onContinue).not.toHaveBeenCalled();
    // A plain click: the checkbox's blur handling needs PointerEvent, which jsdom lacks.
    fireEvent.click(confirm);
    await waitFor(() => expect((next as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(next);
    expect(onContinue).toHaveBeenCalledTimes(1);
  });

  it('counts what the server has as opened, and says why a document could not be fetched', async () => {
    const load = jest.fn(async () => {
      throw new Error('Agreement Not Found');
    });
    renderInPage(
      <SigningDocuments
        documents={[
          { ...unopened('GUARANTEE'), openedAt: '2026-07-01T02:00:00.000Z' },
          unopened('PDP_NOTICE'),
        ]}
        load={load}
        onOpened={jest.fn()}
        fileName={(kind) => kind}
        intro="Read your deed"
        confirm="I have read them"
        onContinue={jest.fn()}
      />,
    );
    expect(screen.getByTestId('signing-documents-progress').textContent).toBe(
      words(
        '1 of 2 documents opened. Open each one to go on.',
        '1 daripada 2 dokumen telah dibuka. Buka setiap satu untuk meneruskan.',
      ),
    );
    expect(
      within(screen.getByTestId('signing-document-GUARANTEE')).getByText(
        words('Opened', 'Telah dibuka'),
      ),
    ).toBeTruthy();
    fireEvent.click(
      screen.getByRole('button', {
        name: words(
          'Read the Personal data protection notice',
          'Baca Notis perlindungan data peribadi',
        ),
      }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Agreement Not Found');
    expect(
      within(screen.getByTestId('signing-document-PDP_NOTICE')).getByText(
        words('Not opened yet', 'Belum dibuka'),
      ),
    ).toBeTruthy();
  });

  it('keeps the code back until every document is opened, with the way to them', () => {
    const onBlocked = jest.fn();
    renderInPage(
      <SigningCodeRequest
        sent={null}
        sending={false}
        error={null}
        labels={{ intro: 'We will text you a code', continue: 'Go on' }}
        blocked="Open every document first"
        onBlocked={onBlocked}
        onSend={jest.fn()}
        onContinue={jest.fn()}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Open every document first');
    expect(
      (screen.getByRole('button', { name: words('Send code', 'Hantar kod') }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    fireEvent.click(
      screen.getByRole('button', { name: words('Back to the documents', 'Kembali ke dokumen') }),
    );
    expect(onBlocked).toHaveBeenCalledTimes(1);
  });

  it('asks for the code, says where it went and shows the server refusal', () => {
    const onSend = jest.fn();
    const onContinue = jest.fn();
    const labels = { intro: 'We will text you a code', continue: 'Go on' };
    const { unmount } = renderInPage(
      <SigningCodeRequest
        sent={null}
        sending={false}
        error={null}
        labels={labels}
        onSend={onSend}
        onContinue={onContinue}
      />,
    );
    expect(screen.getByText('We will text you a code')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Go on' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: words('Send code', 'Hantar kod') }));
    expect(onSend).toHaveBeenCalledTimes(1);
    unmount();

    renderInPage(
      <SigningCodeRequest
        sent={{ sentTo: '+60******789', expiresAt: '', resendAvailableAt: '' }}
        sending={false}
        error="Please wait 30 seconds before asking for a new code"
        labels={labels}
        onSend={onSend}
        onContinue={onContinue}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe(
      words('Code sent to +60******789.', 'Kod dihantar ke +60******789.'),
    );
    expect(screen.getByRole('alert').textContent).toBe(
      'Please wait 30 seconds before asking for a new code',
    );
    fireEvent.click(
      screen.getByRole('button', { name: words('Send a new code', 'Hantar kod baharu') }),
    );
    expect(onSend).toHaveBeenCalledTimes(2);
    fireEvent.click(screen.getByRole('button', { name: 'Go on' }));
    expect(onContinue).toHaveBeenCalledTimes(1);
  });

  it('signs only with six digits and ties the error to the code field', () => {
    const onSign = jest.fn();
    const onNewCode = jest.fn();
    const { unmount } = renderInPage(
      <SigningCodeEntry
        signing={false}
        error={null}
        intro="Enter the code to sign"
        onSign={onSign}
        onNewCode={onNewCode}
      />,
    );
    expect(screen.getByText('Enter the code to sign')).toBeTruthy();
    const input = screen.getByLabelText(words('Signing code', 'Kod tandatangan'));
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    fireEvent.change(input, { target: { value: '12a34' } });
    expect((input as HTMLInputElement).value).toBe('1234');
    const submit = screen.getByRole('button', {
      name: words('Sign the agreement', 'Tandatangani perjanjian'),
    });
    fireEvent.click(submit);
    expect(onSign).not.toHaveBeenCalled();
    const error = screen.getByText(
      words('Please enter all 6 digits of the code', 'Sila masukkan kesemua 6 digit kod'),
    );
    expect(input.getAttribute('aria-describedby')).toBe(error.id);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(input, { target: { value: '123456' } });
    fireEvent.click(submit);
    expect(onSign).toHaveBeenCalledWith('123456');
    fireEvent.click(
      screen.getByRole('button', {
        name: words('I need a new code', 'Saya perlukan kod baharu'),
      }),
    );
    expect(onNewCode).toHaveBeenCalledTimes(1);
    unmount();

    renderInPage(
      <SigningCodeEntry
        signing={false}
        error="Invalid OTP"
        intro="Enter the code to sign"
        onSign={onSign}
        onNewCode={onNewCode}
      />,
    );
    // The server's refusal is read out with the field, like the form's own check.
    const refused = screen.getByText('Invalid OTP');
    const field = screen.getByLabelText(words('Signing code', 'Kod tandatangan'));
    expect(field.getAttribute('aria-describedby')).toBe(refused.id);
  });

  it('sends a signer who has not signed back to sign', () => {
    const onBack = jest.fn();
    renderInPage(<SigningNotDone onBack={onBack} />);
    expect(screen.getByRole('alert').textContent).toBe(
      words(
        'Agreement not signed, return to previous page to sign',
        'Perjanjian belum ditandatangani, kembali ke halaman sebelumnya untuk menandatangani',
      ),
    );
    fireEvent.click(
      screen.getByRole('button', { name: words('Return to sign', 'Kembali untuk menandatangani') }),
    );
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it('says which step is missing and where to go when told', () => {
    const onBack = jest.fn();
    renderInPage(
      <SigningNotDone message="Verify first" backLabel="Go and verify" onBack={onBack} />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Verify first');
    fireEvent.click(screen.getByRole('button', { name: 'Go and verify' }));
    expect(onBack).toHaveBeenCalledTimes(1);
  });
});
