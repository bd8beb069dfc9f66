// The sandbox gateway's hosted payment page: what the buyer sees at the gateway. Small and
// self-contained; works without script.
import { formatRinggit } from '@lending/domain';

import type { SandboxTransactionRow } from '../../adapters/payment-gateway/sandbox-store';

type Language = 'EN' | 'MS';

const TEXT = {
  EN: {
    title: 'Payment gateway',
    intro: 'Confirm the payment to the merchant.',
    merchant: 'Merchant',
    order: 'Order',
    description: 'Description',
    amount: 'Amount',
    channel: 'Payment method',
    FPX: 'Online banking (FPX)',
    CARD: 'Credit or debit card',
    paid: 'Paid',
    failed: 'Failed',
    pending: 'Pending',
    reason: 'Reason for the failure',
    late: 'Send the notification to the merchant late',
    pendingNote:
      'The bank has not answered yet. Come back to this page to record the bank’s answer.',
    bankPaid: 'Bank approved',
    bankFailed: 'Bank declined',
    donePAID: 'Payment successful.',
    doneFAILED: 'Payment unsuccessful.',
    donePENDING: 'Payment pending: waiting for the bank.',
    back: 'Return to the merchant',
    unknown: 'This payment link is not valid.',
    used: 'This payment has already been completed.',
    expired: 'This payment link has expired. Start the payment again from the merchant.',
    invalid: 'Choose a reason for the failure.',
    sandbox: 'Sandbox gateway: no real money moves.',
  },
  MS: {
    title: 'Gerbang pembayaran',
    intro: 'Sahkan pembayaran kepada peniaga.',
    merchant: 'Peniaga',
    order: 'Pesanan',
    description: 'Keterangan',
    amount: 'Amaun',
    channel: 'Kaedah pembayaran',
    FPX: 'Perbankan dalam talian (FPX)',
    CARD: 'Kad kredit atau debit',
    paid: 'Berjaya',
    failed: 'Gagal',
    pending: 'Belum selesai',
    reason: 'Sebab kegagalan',
    late: 'Hantar pemberitahuan kepada peniaga lewat',
    pendingNote: 'Bank belum memberi jawapan. Kembali ke halaman ini untuk merekod jawapan bank.',
    bankPaid: 'Bank meluluskan',
    bankFailed: 'Bank menolak',
    donePAID: 'Pembayaran berjaya.',
    doneFAILED: 'Pembayaran tidak berjaya.',
    donePENDING: 'Pembayaran belum selesai: menunggu bank.',
    back: 'Kembali kepada peniaga',
    unknown: 'Pautan pembayaran ini tidak sah.',
    used: 'Pembayaran ini telah pun selesai.',
    expired:
      'Pautan pembayaran ini telah tamat tempoh. Mulakan pembayaran sekali lagi daripada peniaga.',
    invalid: 'Pilih sebab kegagalan.',
    sandbox: 'Gerbang kotak pasir: tiada wang sebenar berpindah.',
  },
} as const;

export const pageText = (language: Language) => TEXT[language];

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function shell(language: Language, nonce: string, body: string): string {
  const text = TEXT[language];
  return `<!doctype html>
<html lang="${language === 'MS' ? 'ms' : 'en'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escape(text.title)}</title>
<style nonce="${nonce}">body{font-family:system-ui,sans-serif;margin:0 auto;max-width:32rem;padding:1rem;color:#1a202c;line-height:1.45}
h1{font-size:1.4rem}dl{display:grid;grid-template-columns:auto 1fr;gap:0.4rem 1rem}dt{font-weight:600}dd{margin:0}
fieldset{border:1px solid #a0aec0;border-radius:8px;margin:1rem 0;padding:0.75rem}legend{font-weight:600}
label{display:block;margin:0.3rem 0}select{font-size:1rem;padding:0.4rem;width:100%}
.actions{display:flex;gap:0.75rem;margin-top:1rem;flex-wrap:wrap}button,a.button{flex:1;min-width:7rem;font-size:1.1rem;padding:0.8rem;border:0;border-radius:8px;text-align:center;text-decoration:none;cursor:pointer}
.paid{background:#0b6b3a;color:#fff}.failed{background:#fff;color:#9b2c2c;border:2px solid #9b2c2c !important}.pending{background:#fff;color:#744210;border:2px solid #744210 !important}
a.button{background:#0500bb;color:#fff;display:block}
button:focus,a:focus,select:focus,input:focus{outline:3px solid #f6ad55;outline-offset:2px}.error{background:#fff5f5;border:1px solid #c53030;color:#822727;border-radius:6px;padding:0.6rem}
.ok{background:#f0fff4;border:1px solid #2f855a;color:#22543d;border-radius:6px;padding:0.6rem}.wait{background:#fffff0;border:1px solid #975a16;color:#744210;border-radius:6px;padding:0.6rem}
.note{color:#4a5568;font-size:0.8rem;margin-top:1.5rem}</style></head>
<body><main><h1>${escape(text.title)}</h1>
${body}
<p class="note">${escape(text.sandbox)}</p></main>
</body></html>`;
}

export function hostedPaymentPage(
  transaction: SandboxTransactionRow,
  failures: readonly { code: string; desc: string }[],
  nonce: string,
  action: string,
  problem?: 'invalid',
): string {
  const language = transaction.language;
  const text = TEXT[language];
  const row = (term: string, value: string) => `<dt>${escape(term)}</dt><dd>${escape(value)}</dd>`;
  const pending = transaction.status === 'PENDING';
  const options = failures
    .map((f) => `<option value="${escape(f.code)}">${escape(f.desc)}</option>`)
    .join('');
  return shell(
    language,
    nonce,
    `${problem ? `<p class="error" role="alert">${escape(text[problem])}</p>` : ''}
${pending ? `<p class="wait" role="status">${escape(text.pendingNote)}</p>` : `<p>${escape(text.intro)}</p>`}
<dl>
${row(text.merchant, transaction.merchantId)}
${row(text.order, transaction.orderId)}
${row(text.description, transaction.description)}
${row(text.amount, formatRinggit(transaction.amountSen))}
${row(text.channel, text[transaction.channel])}
</dl>
<form method="post" action="${escape(action)}">
<label for="reason">${escape(text.reason)}</label>
<select id="reason" name="reason">${options}</select>
<label><input type="checkbox" name="late" value="on"> ${escape(text.late)}</label>
<div class="actions">
<button type="submit" name="outcome" value="paid" class="paid">${escape(pending ? text.bankPaid : text.paid)}</button>
<button type="submit" name="outcome" value="failed" class="failed">${escape(pending ? text.bankFailed : text.failed)}</button>
${pending ? '' : `<button type="submit" name="outcome" value="pending" class="pending">${escape(text.pending)}</button>`}
</div>
</form>`,
  );
}

export function hostedDonePage(
  language: Language,
  nonce: string,
  status: 'PAID' | 'FAILED' | 'PENDING',
  reason: string | null,
  returnUrl: string,
): string {
  const text = TEXT[language];
  const style = status === 'PAID' ? 'ok' : status === 'FAILED' ? 'error' : 'wait';
  return shell(
    language,
    nonce,
    `<p class="${style}" role="status">${escape(text[`done${status}`])}${
      reason ? ` ${escape(reason)}` : ''
    }</p>
<p><a class="button" href="${escape(returnUrl)}">${escape(text.back)}</a></p>`,
  );
}

export function hostedLinkPage(
  language: Language,
  nonce: string,
  reason: 'unknown' | 'used' | 'expired',
): string {
  return shell(
    language,
    nonce,
    `<p class="error" role="alert">${escape(TEXT[language][reason])}</p>`,
  );
}
