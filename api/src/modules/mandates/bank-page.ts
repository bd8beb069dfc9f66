// The sandbox bank's page: what the payer sees at their bank when authorising the mandate. Small
// and self-contained; works without script.
import { formatRinggit } from '@lending/domain';

import type { SandboxMandateRow } from '../../adapters/emandate/sandbox-store';

type Language = 'EN' | 'MS';

const TEXT = {
  EN: {
    title: 'Authorise direct debit',
    intro: 'A lender asks to collect your loan instalments from your account by direct debit.',
    reference: 'Reference',
    bank: 'Bank',
    account: 'Account',
    maxAmount: 'Maximum amount per collection',
    frequency: 'Frequency',
    monthly: 'Monthly',
    period: 'Collection period',
    approve: 'Approve',
    reject: 'Reject',
    approved: 'Direct debit approved. Your mandate is active.',
    rejected: 'Direct debit rejected. No collection will be made.',
    back: 'Return to the lender',
    unknown: 'This authorisation link is not valid.',
    used: 'This authorisation has already been answered.',
    expired: 'This authorisation link has expired. Set up direct debit again from the lender.',
    sandbox: 'Sandbox bank: no real account is debited.',
  },
  MS: {
    title: 'Benarkan debit terus',
    intro:
      'Pemberi pinjam memohon untuk mengutip ansuran pinjaman anda daripada akaun anda melalui debit terus.',
    reference: 'Rujukan',
    bank: 'Bank',
    account: 'Akaun',
    maxAmount: 'Amaun maksimum setiap kutipan',
    frequency: 'Kekerapan',
    monthly: 'Bulanan',
    period: 'Tempoh kutipan',
    approve: 'Luluskan',
    reject: 'Tolak',
    approved: 'Debit terus diluluskan. Mandat anda aktif.',
    rejected: 'Debit terus ditolak. Tiada kutipan akan dibuat.',
    back: 'Kembali kepada pemberi pinjam',
    unknown: 'Pautan kebenaran ini tidak sah.',
    used: 'Kebenaran ini telah pun dijawab.',
    expired:
      'Pautan kebenaran ini telah tamat tempoh. Sediakan debit terus sekali lagi daripada pemberi pinjam.',
    sandbox: 'Bank kotak pasir: tiada akaun sebenar didebitkan.',
  },
} as const;

export const bankText = (language: Language) => TEXT[language];

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
.actions{display:flex;gap:0.75rem;margin-top:1.25rem;flex-wrap:wrap}button,a.button{flex:1;min-width:8rem;font-size:1.1rem;padding:0.8rem;border:0;border-radius:8px;text-align:center;text-decoration:none;cursor:pointer}
.approve{background:#0b6b3a;color:#fff}.reject{background:#fff;color:#9b2c2c;border:2px solid #9b2c2c !important}a.button{background:#0500bb;color:#fff;display:block}
button:focus,a:focus{outline:3px solid #f6ad55;outline-offset:2px}.error{background:#fff5f5;border:1px solid #c53030;color:#822727;border-radius:6px;padding:0.6rem}
.ok{background:#f0fff4;border:1px solid #2f855a;color:#22543d;border-radius:6px;padding:0.6rem}.note{color:#4a5568;font-size:0.8rem;margin-top:1.5rem}</style></head>
<body><main><h1>${escape(text.title)}</h1>
${body}
<p class="note">${escape(text.sandbox)}</p></main>
</body></html>`;
}

export function bankFormPage(
  request: SandboxMandateRow,
  bankName: string,
  nonce: string,
  action: string,
): string {
  const language = request.language;
  const text = TEXT[language];
  const row = (term: string, value: string) => `<dt>${escape(term)}</dt><dd>${escape(value)}</dd>`;
  return shell(
    language,
    nonce,
    `<p>${escape(text.intro)}</p>
<dl>
${row(text.reference, request.referenceNo)}
${row(text.bank, bankName)}
${row(text.account, `**** ${request.accountLast4}`)}
${row(text.maxAmount, formatRinggit(request.maxAmountSen))}
${row(text.frequency, text.monthly)}
${row(text.period, `${request.firstCollectionDate} – ${request.lastCollectionDate}`)}
</dl>
<form method="post" action="${escape(action)}" class="actions">
<button type="submit" name="decision" value="approve" class="approve">${escape(text.approve)}</button>
<button type="submit" name="decision" value="reject" class="reject">${escape(text.reject)}</button>
</form>`,
  );
}

export function bankDonePage(
  language: Language,
  nonce: string,
  decision: 'APPROVED' | 'REJECTED',
  returnUrl: string,
): string {
  const text = TEXT[language];
  return shell(
    language,
    nonce,
    `<p class="${decision === 'APPROVED' ? 'ok' : 'error'}" role="status">${escape(
      decision === 'APPROVED' ? text.approved : text.rejected,
    )}</p>
<p><a class="button" href="${escape(returnUrl)}">${escape(text.back)}</a></p>`,
  );
}

export function bankLinkPage(
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
