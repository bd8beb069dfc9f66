// Terminating an agreement in default (DOMAIN.md "Default and termination"): once the account is
// more than 28 days in default and the default notice ran its course, one staff member proposes
// and another approves. The approval, in one transaction under the account's lock, books the
// balance that falls due through the repayments service (interest of months not reached not
// charged, every instalment due now, the account TERMINATED), records the termination letter and
// its contact, and writes the audit rows; the letter's email leaves after commit.
import type { Language, TerminationView } from '@lending/contracts';
import { TERMINATION_APPROVER_ROLES } from '@lending/contracts';
import {
  arrearsOf,
  firstRefusal,
  type IsoDate,
  refusedByRole,
  type StaffRole,
  terminationRefusal,
} from '@lending/domain';

import type { Principal } from '../../http/access';
import { writeAudit } from '../../kernel/audit';
import { malaysiaToday } from '../../kernel/clock';
import { HttpError } from '../../kernel/errors';
import { inTransaction } from '../../kernel/transaction';
import type { ContactLog } from './contacts';
import {
  BALANCE_CHANGED,
  INVALID_REASON,
  letterEmail,
  TERMINATION_DECIDED,
  TERMINATION_NOT_FOUND,
  TERMINATION_PENDING,
  TERMINATION_REFUSED,
  TERMINATION_SAME_STAFF,
} from './messages';
import type { CollectionWorkDeps } from './work-deps';
import type { TerminationRow } from './work-store';

type Staff = Extract<Principal, { kind: 'staff' }>;

export function reasonOf(text: string | undefined, optional = false): string | null {
  const reason = text?.trim() ?? '';
  if (optional && reason === '') return null;
  if (reason.length < (optional ? 1 : 5) || reason.length > 500) {
    throw new HttpError(400, INVALID_REASON, 'VALIDATION_FAILED');
  }
  return reason;
}

export function createTerminations(deps: CollectionWorkDeps, contacts: ContactLog) {
  const { db, store, work, clock } = deps;

  /** The newest default notice on the agreement, if one stands. */
  async function standingNotice(agreementId: string) {
    const notice = (await store.lettersOf(agreementId)).find((row) => row.kind === 'DEFAULT');
    return notice?.remedyBy ? { issuedOn: notice.issuedOn, remedyBy: notice.remedyBy } : null;
  }

  /** Why termination may not happen today on the agreement; null when it may. */
  async function refusal(agreementId: string, asOf: IsoDate) {
    const position = await deps.repayments.collectionPosition(agreementId, asOf);
    if (!position) return { position: null, refused: 'notActive' as const };
    const arrears = arrearsOf(position.positions);
    const refused = terminationRefusal({
      accountStatus: position.account.status,
      daysPastDue: arrears.daysPastDue,
      notice: await standingNotice(agreementId),
      asOf,
    });
    return { position, refused };
  }

  async function views(rows: TerminationRow[], viewer: Staff): Promise<TerminationView[]> {
    const names = await work.staffNames(
      rows.flatMap((row) => [row.proposedBy, ...(row.decidedBy ? [row.decidedBy] : [])]),
    );
    return rows.map((row) => ({
      id: row.id,
      status: row.status,
      reason: row.reason,
      proposedBy: row.proposedBy,
      proposedByName: names.get(row.proposedBy) ?? null,
      proposedAt: row.proposedAt.toISOString(),
      decidedBy: row.decidedBy,
      decidedByName: row.decidedBy ? (names.get(row.decidedBy) ?? null) : null,
      decidedAt: row.decidedAt?.toISOString() ?? null,
      decisionNote: row.decisionNote,
      businessDate: row.businessDate,
      unpaidPrincipalSen: row.unpaidPrincipalSen,
      earnedInterestSen: row.earnedInterestSen,
      lateChargesSen: row.lateChargesSen,
      interestForgoneSen: row.interestForgoneSen,
      balanceSen: row.balanceSen,
      actions: {
        decide: firstRefusal(
          row.status !== 'PROPOSED' && 'nothingToDecide',
          refusedByRole(viewer.roles, TERMINATION_APPROVER_ROLES as readonly StaffRole[]),
          row.proposedBy === viewer.staffId && 'sameStaff',
        ),
      },
    }));
  }

  async function emailLetter(letterId: string, language: Language, balanceSen: number) {
    const letter = await store.letter(letterId);
    if (!letter) return;
    try {
      const user = await deps.users.byId(letter.userId);
      if (!user?.email) return;
      const position = await deps.repayments.collectionPosition(
        letter.agreementId,
        malaysiaToday(clock),
      );
      await deps.email.send(
        letterEmail({
          to: user.email,
          firstName: user.firstName,
          language,
          kind: 'TERMINATION',
          agreementNo: position?.agreementNo ?? '',
          totalSen: balanceSen,
          remedyBy: null,
          historyUrl: `${deps.publicUrl()}/payment-history`,
        }),
      );
      await store.markLetterEmailed(letter.id, clock.now());
    } catch (error) {
      // The daily job emails letters still unsent.
      deps.log?.warn({ letterId, error: (error as Error).message }, 'letter not emailed');
    }
  }

  return {
    standingNotice,
    refusal,
    views,

    async propose(viewer: Staff, agreementId: string, text: string): Promise<TerminationView> {
      const reason = reasonOf(text)!;
      const asOf = malaysiaToday(clock);
      const { position, refused } = await refusal(agreementId, asOf);
      if (!position) throw new HttpError(404, 'Loan account not found', 'LOAN_ACCOUNT_NOT_FOUND');
      if (refused) throw new HttpError(409, TERMINATION_REFUSED[refused], 'TERMINATION_REFUSED');
      const at = clock.now();
      const row = await inTransaction(db, async (tx) => {
        const inserted = await work.proposeTermination(tx, {
          tenant: position.account.tenant,
          accountId: position.account.id,
          agreementId,
          status: 'PROPOSED',
          reason,
          proposedBy: viewer.staffId,
          proposedAt: at,
        });
        if (!inserted) throw new HttpError(409, TERMINATION_PENDING, 'TERMINATION_PENDING');
        await writeAudit(tx, {
          action: 'termination.proposed',
          actor: `staff:${viewer.staffId}`,
          subject: `user:${position.account.userId}`,
          entity: `account-termination:${inserted.id}`,
          to: 'PROPOSED',
          reason,
          at,
          detail: { agreementId, businessDate: asOf },
        });
        return inserted;
      });
      return (await views([row], viewer))[0]!;
    },

    async decide(
      viewer: Staff,
      terminationId: string,
      outcome: 'APPROVED' | 'REJECTED',
      noteText: string | undefined,
    ): Promise<TerminationView> {
      const note = reasonOf(noteText, true);
      const notFound = () => new HttpError(404, TERMINATION_NOT_FOUND, 'TERMINATION_NOT_FOUND');
      const asOf = malaysiaToday(clock);
      const peek = await inTransaction(db, (tx) => work.lockTermination(tx, terminationId));
      if (!peek) throw notFound();
      const current = await deps.repayments.collectionPosition(peek.agreementId, asOf);
      if (!current) throw notFound();
      const approving = outcome === 'APPROVED';
      // The termination letter is a contact like any other: within the permitted hours.
      if (approving) await contacts.refuseUnlessAllowed(current.account, 'LETTER');
      const user = await deps.users.byId(current.account.userId);
      const language: Language = user?.language === 'MS' ? 'MS' : 'EN';
      // The letter is built before the transaction (its PDF is sealed in storage); a refusal
      // inside removes it again.
      const letterDraft = approving
        ? await contacts.draftTerminationLetter(
            peek.agreementId,
            asOf,
            language,
            await store.borrowerNameOf(peek.agreementId),
          )
        : null;
      // Read before the lock: on the embedded database a read outside the transaction waits.
      const notice = await standingNotice(peek.agreementId);
      let letterId: string | null = null;
      let balanceSen = 0;
      try {
        await inTransaction(db, async (tx) => {
          const row = await work.lockTermination(tx, terminationId);
          if (!row) throw notFound();
          if (row.status !== 'PROPOSED') {
            throw new HttpError(409, TERMINATION_DECIDED, 'TERMINATION_DECIDED');
          }
          if (row.proposedBy === viewer.staffId) {
            throw new HttpError(403, TERMINATION_SAME_STAFF, 'TERMINATION_SAME_STAFF');
          }
          const books = await deps.repayments.lockedBooks(tx, row.agreementId);
          const at = clock.now();
          const actor = `staff:${viewer.staffId}`;
          if (!approving) {
            await work.decideTermination(tx, row.id, {
              status: 'REJECTED',
              decidedBy: viewer.staffId,
              decidedAt: at,
              decisionNote: note,
            });
            await writeAudit(tx, {
              action: 'termination.rejected',
              actor,
              subject: `user:${books.found.account.userId}`,
              entity: `account-termination:${row.id}`,
              from: 'PROPOSED',
              to: 'REJECTED',
              reason: note,
              at,
              detail: { agreementId: row.agreementId, proposedBy: `staff:${row.proposedBy}` },
            });
            return;
          }
          // The law's conditions, read again under the lock on today's books.
          const refused = terminationRefusal({
            accountStatus: books.found.account.status,
            daysPastDue: arrearsOf(books.positions).daysPastDue,
            notice,
            asOf,
          });
          if (refused)
            throw new HttpError(409, TERMINATION_REFUSED[refused], 'TERMINATION_REFUSED');
          const figures = await deps.repayments.terminate(tx, books.found, {
            actorId: viewer.staffId,
            proposerId: row.proposedBy,
            reason: row.reason,
            terminationId: row.id,
          });
          if (!figures)
            throw new HttpError(409, TERMINATION_REFUSED.notActive, 'TERMINATION_REFUSED');
          // The letter states the figures read before the lock: a payment meanwhile changes them.
          if (figures.balanceSen !== letterDraft!.figures.balanceSen) {
            throw new HttpError(409, BALANCE_CHANGED, 'TERMINATION_REFUSED');
          }
          await work.decideTermination(tx, row.id, {
            status: 'APPROVED',
            decidedBy: viewer.staffId,
            decidedAt: at,
            decisionNote: note,
            businessDate: figures.businessDate,
            unpaidPrincipalSen: figures.unpaidPrincipalSen,
            earnedInterestSen: figures.earnedInterestSen,
            lateChargesSen: figures.lateChargesSen,
            interestForgoneSen: figures.interestForgoneSen,
            balanceSen: figures.balanceSen,
          });
          await writeAudit(tx, {
            action: 'termination.approved',
            actor,
            subject: `user:${books.found.account.userId}`,
            entity: `account-termination:${row.id}`,
            from: 'PROPOSED',
            to: 'APPROVED',
            reason: note,
            at,
            detail: {
              agreementId: row.agreementId,
              proposedBy: `staff:${row.proposedBy}`,
              businessDate: figures.businessDate,
              balanceSen: figures.balanceSen,
            },
          });
          balanceSen = figures.balanceSen;
          letterId = await contacts.recordTerminationLetter(tx, letterDraft!, {
            account: books.found.account,
            agreementNo: books.found.agreementNo,
            figures,
            actor,
          });
        });
      } catch (error) {
        if (letterDraft) await deps.storage.delete(letterDraft.storageKey);
        throw error;
      }
      if (letterDraft && !letterId) await deps.storage.delete(letterDraft.storageKey);
      if (letterId) await emailLetter(letterId, language, balanceSen);
      const [fresh] = (await work.terminationsOf(peek.agreementId)).filter(
        (row) => row.id === terminationId,
      );
      return (await views([fresh!], viewer))[0]!;
    },
  };
}

export type Terminations = ReturnType<typeof createTerminations>;
