// Discharge letters: when a loan account closes (settled early or its last instalment paid) a
// letter in the borrower's language confirms nothing more is owed. It is built by the handler of
// the `loan.closed` event the closing transaction recorded (a PDF that fails to build never undoes
// a payment; the handler is retried, and the daily job catches any loan closed before events were
// recorded), stored sealed, emailed, and read by its owner only. Reading never issues. Issuing
// is idempotent: a loan that has a letter gets no second one by accident; a new version is added
// only on purpose (`reissue`), and a version is never overwritten.
import { createHash, randomUUID } from 'node:crypto';

import type {
  AccountClosedBy,
  DischargeLettersResponse,
  DischargeLetterView,
  Language,
} from '@lending/contracts';
import type { FastifyBaseLogger } from 'fastify';

import type { EmailSender } from '../../adapters/email/port';
import type { FileStorage } from '../../adapters/storage/port';
import type { Sealer } from '../../crypto/sealed';
import type { Orm } from '../../db/database';
import type { Principal } from '../../http/access';
import { writeAudit } from '../../kernel/audit';
import { type Clock, malaysiaToday } from '../../kernel/clock';
import { HttpError } from '../../kernel/errors';
import type { PublicUrl } from '../../kernel/public-url';
import { inTransaction } from '../../kernel/transaction';
import { LENDERS } from '../agreement-documents/lender';
import type { UserAccounts } from '../users/service';
import { dischargeLetterPdf } from './letter';
import { dischargeEmail, LETTER_NOT_FOUND } from './messages';
import type { DischargeLetterRow, DischargeLetterStore } from './store';

type Applicant = Extract<Principal, { kind: 'applicant' }>;

/** What the repayments module knows of a closed account (null while it is not closed). */
export interface ClosedAccountFacts {
  accountId: string;
  agreementId: string;
  agreementNo: string;
  userId: string;
  /** Named by the rule every document of the loan follows. */
  borrowerName: string;
  tenant: string;
  principalSen: number;
  disbursedOn: string;
  closedOn: string;
  closedBy: AccountClosedBy;
  totalPaidSen: number;
  lastReceiptNo: string | null;
}

export interface DischargeLetterServiceDeps {
  db: Orm;
  store: DischargeLetterStore;
  closedAccount(agreementId: string): Promise<ClosedAccountFacts | null>;
  closedAgreementIds(): Promise<string[]>;
  /** Whether the agreement is the borrower's (their loan account exists). */
  ownsAccount(viewer: Applicant, agreementId: string): Promise<boolean>;
  users: Pick<UserAccounts, 'byId'>;
  storage: FileStorage;
  sealer: Sealer;
  email: EmailSender;
  clock: Clock;
  publicUrl: PublicUrl;
  log?: FastifyBaseLogger;
}

function view(row: DischargeLetterRow): DischargeLetterView {
  return {
    id: row.id,
    agreementId: row.agreementId,
    version: row.version,
    language: row.language,
    closedBy: row.closedBy,
    closedOn: row.closedOn,
    issuedAt: row.createdAt.toISOString(),
  };
}

export function createDischargeLetterService(deps: DischargeLetterServiceDeps) {
  const { db, store, clock } = deps;
  const notFound = () => new HttpError(404, LETTER_NOT_FOUND, 'DISCHARGE_LETTER_NOT_FOUND');

  /** Builds, stores and records the next version of the letter; emails it once recorded. */
  async function issue(facts: ClosedAccountFacts, actor: string): Promise<DischargeLetterRow> {
    const user = await deps.users.byId(facts.userId);
    const language: Language = user?.language === 'MS' ? 'MS' : 'EN';
    const existing = await store.ofAgreement(facts.agreementId);
    const version = (existing[0]?.version ?? 0) + 1;
    const issuedAt = clock.now();
    const lender = LENDERS[facts.tenant as keyof typeof LENDERS] ?? LENDERS.arkcash;
    const letterNo = `DL-${facts.agreementNo}-${version}`;
    const bytes = await dischargeLetterPdf(
      {
        letterNo,
        version,
        // The letter is dated on the books' day; `issuedAt` stays the instant it was made.
        issuedOn: malaysiaToday(clock),
        issuedAt,
        borrowerName: facts.borrowerName,
        agreementNo: facts.agreementNo,
        principalSen: facts.principalSen,
        disbursedOn: facts.disbursedOn,
        closedOn: facts.closedOn,
        closedBy: facts.closedBy,
        totalPaidSen: facts.totalPaidSen,
        lastReceiptNo: facts.lastReceiptNo,
      },
      language,
      lender,
    );
    const id = randomUUID();
    // A key of its own per version: an earlier version's bytes are never written over.
    const storageKey = `${facts.agreementId}/${id}`;
    await deps.storage.put(storageKey, deps.sealer.sealBytes(bytes));
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const row = await inTransaction(db, async (tx) => {
      const inserted = await store.insert(tx, {
        id,
        accountId: facts.accountId,
        agreementId: facts.agreementId,
        userId: facts.userId,
        version,
        language,
        closedBy: facts.closedBy,
        closedOn: facts.closedOn,
        storageKey,
        sha256,
        sizeBytes: bytes.length,
        createdAt: issuedAt,
      });
      if (!inserted) return null;
      await writeAudit(tx, {
        action: 'discharge_letter.issued',
        actor,
        subject: `user:${facts.userId}`,
        entity: `discharge-letter:${id}`,
        at: issuedAt,
        detail: {
          agreementId: facts.agreementId,
          version,
          language,
          closedBy: facts.closedBy,
          closedOn: facts.closedOn,
          sha256,
        },
      });
      return inserted;
    });
    if (!row) {
      // Another process issued this version first: its letter stands, these bytes go.
      await deps.storage.delete(storageKey);
      const [latest] = await store.ofAgreement(facts.agreementId);
      if (!latest) throw new Error('discharge letter version taken but not found');
      return latest;
    }
    if (user?.email) {
      try {
        await deps.email.send(
          dischargeEmail({
            to: user.email,
            firstName: user.firstName,
            language,
            agreementNo: facts.agreementNo,
            closedOn: facts.closedOn,
            scheduleUrl: `${deps.publicUrl()}/repayment-schedule?agreementId=${facts.agreementId}`,
          }),
        );
        await store.markEmailed(row.id, clock.now());
      } catch (error) {
        deps.log?.warn(
          { agreementId: facts.agreementId, error: (error as Error).message },
          'discharge letter email not sent',
        );
      }
    }
    return row;
  }

  /** The letter of a closed loan, issued now if it has none yet; null while the loan is open. */
  async function ensure(agreementId: string): Promise<DischargeLetterRow | null> {
    const [latest] = await store.ofAgreement(agreementId);
    if (latest) return latest;
    const facts = await deps.closedAccount(agreementId);
    if (!facts) return null;
    return issue(facts, 'system:discharge-letters');
  }

  return {
    ensure,

    /** A new version of a closed loan's letter (e.g. after the borrower's details changed). */
    async reissue(agreementId: string, actor: string): Promise<DischargeLetterView> {
      const facts = await deps.closedAccount(agreementId);
      if (!facts) throw notFound();
      return view(await issue(facts, actor));
    },

    /** The daily job: every closed loan without a letter gets one. */
    async issueMissing(): Promise<Record<string, number>> {
      const closed = await deps.closedAgreementIds();
      const have = await store.withLetters(closed);
      let issued = 0;
      for (const agreementId of closed.filter((id) => !have.has(id))) {
        if (await ensure(agreementId)) issued += 1;
      }
      return { issued };
    },

    /** The borrower's letters for a loan of theirs. */
    async lettersFor(viewer: Applicant, agreementId: string): Promise<DischargeLettersResponse> {
      if (!(await deps.ownsAccount(viewer, agreementId))) throw notFound();
      const rows = await store.ofAgreement(agreementId);
      return {
        agreementId,
        items: rows.filter((row) => row.userId === viewer.userId).map(view),
      };
    },

    /** A letter's PDF for its owner; anyone else is told it does not exist. */
    async letterFor(viewer: Applicant, letterId: string) {
      const row = await store.byId(letterId).catch(() => undefined);
      if (!row || row.userId !== viewer.userId) throw notFound();
      const sealed = await deps.storage.get(row.storageKey);
      if (!sealed) throw notFound();
      return {
        bytes: deps.sealer.openBytes(sealed),
        fileName: `discharge-letter-v${row.version}.pdf`,
      };
    },
  };
}

export type DischargeLetterService = ReturnType<typeof createDischargeLetterService>;
