import '../testing/jsdom';

import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { PlatformI18nProvider, setLanguage } from '@lending/platform';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';

import { registerUiTranslations } from '../translations';
import {
  SigningCodeEntry,
  SigningCodeRequest,
  SigningDocumentReader,
  SigningNotDone,
} from './signing-steps';

registerUiTranslations();

function renderInPage(node: ReactNode) {
  return render(
    <PlatformI18nProvider>
      <ChakraProvider value={defaultSystem}>{node}</ChakraProvider>
    </PlatformI18nProvider>,
  );
}

// The words a signer's screen passes in; the shared steps add the rest in the page's language.
const documentLabels = {
  intro: 'Please read agreement AGR-AC-2026-000001',
  frameTitle: 'The document',
  download: 'Download the document (PDF)',
  confirm: 'I have read it',
};

describe.each(['EN', 'MS'] as const)('the signing steps in %s', (language) => {
  beforeEach(() => setLanguage(language));
  afterAll(() => setLanguage('EN'));
  const words = (en: string, ms: string) => (language === 'EN' ? en : ms);

  it('shows the document inline with a download and continues only once it is read', async () => {
    const onContinue = jest.fn();
    renderInPage(
      <SigningDocumentReader
        documentUrl="blob:agreement"
        fileName="AGR-AC-2026-000001"
        labels={documentLabels}
        onContinue={onContinue}
      />,
    );
    expect(screen.getByText(/AGR-AC-2026-000001/)).toBeTruthy();
    expect(screen.getByTitle('The document').getAttribute('src')).toBe('blob:agreement');
    const download = screen.getByRole('link', { name: 'Download the document (PDF)' });
    expect(download.getAttribute('href')).toBe('blob:agreement');
    expect(download.getAttribute('download')).toBe('AGR-AC-2026-000001.pdf');
    const next = screen.getByRole('button', {
      name: words('Continue to sign', 'Teruskan untuk menandatangani'),
    });
    fireEvent.click(next);
    expect(onContinue).not.toHaveBeenCalled();
    // A plain click: the checkbox's blur handling needs PointerEvent, which jsdom lacks.
    const read = screen.getByRole('checkbox', { name: 'I have read it' });
    fireEvent.click(read);
    await waitFor(() => expect((read as HTMLInputElement).checked).toBe(true));
    await waitFor(() => expect((next as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(next);
    expect(onContinue).toHaveBeenCalledTimes(1);
  });

  it('says the document is on its way when given the words, and otherwise stays quiet', () => {
    const { unmount } = renderInPage(
      <SigningDocumentReader
        documentUrl={null}
        fileName="AGR-AC-2026-000001"
        labels={{ ...documentLabels, loading: 'Loading the document…' }}
        onContinue={jest.fn()}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe('Loading the document…');
    expect(screen.queryByRole('link')).toBeNull();
    unmount();

    renderInPage(
      <SigningDocumentReader
        documentUrl={null}
        fileName="AGR-AC-2026-000001"
        labels={documentLabels}
        onContinue={jest.fn()}
      />,
    );
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByTitle('The document')).toBeNull();
  });

  it('shows why the document could not be fetched instead of waiting for it', () => {
    renderInPage(
      <SigningDocumentReader
        documentUrl={null}
        fileName="AGR-AC-2026-000001"
        labels={{ ...documentLabels, loading: 'Loading the document…' }}
        error="Agreement not found"
        onContinue={jest.fn()}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Agreement not found');
    expect(screen.queryByRole('status')).toBeNull();
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
