// The borrower's refund letters: each approved refund of credit on their own loan, and its PDF as
// it was issued (sealed in storage). Another borrower's loan or letter, and a refund not approved,
// answer 404 alike, so that nothing tells a stranger the letter exists.
import type { RefundLettersResponse, RefundLetterView } from '@lending/contracts';

import type { FileStorage } from '../../adapters/storage/port';
import type { Sealer } from '../../crypto/sealed';
import type { Principal } from '../../http/access';
import { HttpError } from '../../kernel/errors';
import { REFUND_LETTER_NOT_FOUND } from './messages';
import { refundReference } from './refund-letter';
import type { RefundRow, RefundStore } from './refund-store';
import type { AccountsStore } from './store';

type Applicant = Extract<Principal, { kind: 'applicant' }>;

export interface RefundLetterDeps {
  store: Pick<RefundStore, 'refundsOf' | 'byId'>;
  accounts: Pick<AccountsStore, 'byAccountId' | 'byAgreementId'>;
  storage: FileStorage;
  sealer: Sealer;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function view(row: RefundRow): RefundLetterView {
  return {
    id: row.id,
    agreementId: row.agreementId,
    reference: refundReference(row.id),
    amountSen: row.amountSen,
    refundedOn: row.businessDate!,
    accountLast4: row.accountLast4,
    language: row.letterLanguage!,
  };
}

const issued = (row: RefundRow) =>
  row.status === 'APPROVED' && row.letterStorageKey !== null && row.letterLanguage !== null;

export function createRefundLetters(deps: RefundLetterDeps) {
  const notFound = () => new HttpError(404, REFUND_LETTER_NOT_FOUND, 'REFUND_LETTER_NOT_FOUND');

  /** The loan's account when it is the viewer's; null for anyone else's or none. */
  async function ownAccount(viewer: Applicant, agreementId: string) {
    if (!UUID.test(agreementId)) return null;
    const row = await deps.accounts.byAgreementId(agreementId).catch(() => undefined);
    return row && row.userId === viewer.userId ? row : null;
  }

  return {
    /** The letters of the refunds on a loan of the viewer's, newest first. */
    async lettersFor(viewer: Applicant, agreementId: string): Promise<RefundLettersResponse> {
      const account = await ownAccount(viewer, agreementId);
      if (!account) throw notFound();
      // A letter that failed at approval is built by the daily job, never by a read.
      const rows = await deps.store.refundsOf(account.accountId);
      return { agreementId, items: rows.filter(issued).map(view) };
    },

    /** A refund letter's PDF, to the borrower of the loan only. */
    async letterFor(viewer: Applicant, refundId: string) {
      if (!UUID.test(refundId)) throw notFound();
      const row = await deps.store.byId(refundId).catch(() => undefined);
      if (!row || !issued(row)) throw notFound();
      const account = await deps.accounts.byAccountId(row.accountId).catch(() => undefined);
      if (!account || account.userId !== viewer.userId) throw notFound();
      const sealed = await deps.storage.get(row.letterStorageKey!);
      if (!sealed) throw notFound();
      return {
        bytes: deps.sealer.openBytes(sealed),
        fileName: `refund-letter-${refundReference(row.id)}.pdf`,
      };
    },
  };
}

export type RefundLetters = ReturnType<typeof createRefundLetters>;
