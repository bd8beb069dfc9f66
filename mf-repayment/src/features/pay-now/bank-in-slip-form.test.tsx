import type { BankInSlipView } from '@lending/contracts';
import { setLanguage } from '@lending/platform';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { renderInRemote } from '../../testing/render';
import { SlipForm } from './bank-in-slip-form';
import { SlipItem } from './bank-in-slips-section';

const pdf = (name = 'slip.pdf', size = 1000) =>
  new File([new Uint8Array(size)], name, { type: 'application/pdf' });

function renderForm(onSubmit = async (_slip: unknown) => null as string | null) {
  renderInRemote(<SlipForm onSubmit={onSubmit} />, '/pay-instalment-now');
}

const fileInput = () => document.getElementById('bank-in-slip-file') as HTMLInputElement;

describe('the bank-in slip form', () => {
  beforeEach(() => setLanguage('EN'));

  it('says what is missing, in English', async () => {
    setLanguage('EN');
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Send bank-in slip' }));
    expect(await screen.findByText('Enter the amount you paid')).toBeTruthy();
    expect(screen.getByText('Enter the date you paid')).toBeTruthy();
    expect(screen.getByTestId('bank-in-slip-file-error').textContent).toBe(
      'Attach the bank-in slip',
    );
  });

  it('says what is wrong, in Malay', async () => {
    setLanguage('MS');
    renderForm();
    await userEvent.type(screen.getByLabelText(/Amaun dibayar/), '0.50');
    await userEvent.type(screen.getByLabelText(/Tarikh dibayar/), '2999-01-01');
    await userEvent.upload(fileInput(), new File(['GIF89a'], 'slip.gif', { type: 'image/gif' }), {
      applyAccept: false,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Hantar slip bank-in' }));
    expect(
      await screen.findByText('Amaun mestilah dari RM 1.00 hingga RM 1,000,000.00'),
    ).toBeTruthy();
    expect(
      screen.getByText('Tarikh anda membayar tidak boleh lewat daripada hari ini'),
    ).toBeTruthy();
    expect(screen.getByTestId('bank-in-slip-file-error').textContent).toBe(
      'Hanya fail PDF, PNG atau JPEG diterima',
    );
  });

  it('refuses a slip over 5 MB before sending it', async () => {
    renderForm();
    await userEvent.upload(fileInput(), pdf('big.pdf', 5 * 1024 * 1024 + 1));
    expect((await screen.findByTestId('bank-in-slip-file-error')).textContent).toBe(
      'File must be smaller than 5MB',
    );
  });

  it('sends the amount in sen, the date and the file, and shows the server refusal', async () => {
    const sent: unknown[] = [];
    renderForm(async (slip) => {
      sent.push(slip);
      return 'You have already sent a slip for this amount and date; wait for our check';
    });
    await userEvent.type(screen.getByLabelText(/Amount paid/), '1,234.5');
    await userEvent.type(screen.getByLabelText(/Date paid/), '2026-01-05');
    const file = pdf();
    await userEvent.upload(fileInput(), file);
    expect(screen.getByText('Chosen: slip.pdf')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Send bank-in slip' }));
    await waitFor(() => expect(sent).toEqual([{ amountSen: 123_450, paidOn: '2026-01-05', file }]));
    expect(
      await screen.findByText(
        'You have already sent a slip for this amount and date; wait for our check',
      ),
    ).toBeTruthy();
  });

  it('shows a slip waiting for our check, and a rejected one with its reason', () => {
    const base: BankInSlipView = {
      id: 'a',
      agreementId: 'g',
      status: 'CONFIRMING',
      amountSen: 51_966,
      paidOn: '2026-01-05',
      originalFileName: 'slip.pdf',
      submittedAt: '2026-01-05T02:00:00.000Z',
      decidedAt: null,
      rejectReason: null,
      rejectNote: null,
      receiptNo: null,
    };
    setLanguage('MS');
    renderInRemote(
      <ul>
        <SlipItem slip={base} />
        <SlipItem
          slip={{
            ...base,
            id: 'b',
            status: 'REJECTED',
            rejectReason: 'UNREADABLE',
            rejectNote: 'Blur',
          }}
        />
      </ul>,
      '/pay-instalment-now',
    );
    expect(screen.getByTestId('bank-in-slip-a').textContent).toContain('Menunggu semakan kami');
    expect(screen.getByTestId('bank-in-slip-reason').textContent).toBe(
      'Tidak diterima: Slip tidak dapat dibaca. Blur',
    );
  });
});
