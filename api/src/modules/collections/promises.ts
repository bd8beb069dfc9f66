// Promises to pay: collections staff record the borrower's promise (amount, date, how it was
// made); the daily job closes it by itself, KEPT once the money paid since reaches the amount,
// BROKEN the day after its date passes short, which reopens the case for its next action. Each
// change has its history row and audit row.
import type { PromiseView, RecordPromiseRequest } from '@lending/contracts';
import {
  CONTACT_CHANNELS,
  PROMISE_MACHINE,
  promiseOutcome,
  promiseRefusal,
  transition,
} from '@lending/domain';

import type { Principal } from '../../http/access';
import { writeAudit } from '../../kernel/audit';
import { malaysiaToday } from '../../kernel/clock';
import { HttpError } from '../../kernel/errors';
import { inTransaction } from '../../kernel/transaction';
import { ACCOUNT_NOT_FOUND, INVALID_REASON, PROMISE_OPEN, PROMISE_REFUSED } from './messages';
import type { CollectionWorkDeps } from './work-deps';
import type { PromiseRow } from './work-store';

type Staff = Extract<Principal, { kind: 'staff' }>;

const JOB_ACTOR = 'system:collections';

export function createPromises(deps: CollectionWorkDeps) {
  const { db, work, clock } = deps;

  async function views(accountId: string): Promise<PromiseView[]> {
    const { promises, history } = await work.promisesOf(accountId);
    return promises.map((row) => ({
      id: row.id,
      amountSen: row.amountSen,
      promisedFor: row.promisedFor,
      channel: row.channel,
      note: row.note,
      status: row.status,
      recordedBy: row.recordedBy,
      recordedOn: row.recordedOn,
      closedOn: row.closedOn,
      history: history
        .filter((entry) => entry.promiseId === row.id)
        .map((entry) => ({
          fromStatus: entry.fromStatus as PromiseView['status'] | null,
          toStatus: entry.toStatus as PromiseView['status'],
          reason: entry.reason,
          at: entry.at.toISOString(),
        })),
    }));
  }

  /** Closes an open promise if it was kept or broken on `asOf`; what it became, or null. */
  async function settle(promise: PromiseRow, asOf: string) {
    const paidSinceSen = (await work.paidSen(promise.accountId)) - promise.paidBeforeSen;
    const outcome = promiseOutcome({
      amountSen: promise.amountSen,
      promisedFor: promise.promisedFor,
      paidSinceSen,
      asOf,
    });
    if (!outcome) return null;
    const allowed = transition(PROMISE_MACHINE, 'OPEN', outcome, { actor: 'system' });
    if (!allowed.ok) return null;
    return inTransaction(db, async (tx) => {
      if (!(await work.closePromise(tx, promise, outcome, asOf))) return null;
      const at = clock.now();
      const reason =
        outcome === 'KEPT'
          ? `Paid ${paidSinceSen} sen since the promise`
          : `Not paid in full by ${promise.promisedFor}`;
      await work.addPromiseHistory(tx, {
        promiseId: promise.id,
        fromStatus: 'OPEN',
        toStatus: outcome,
        actor: JOB_ACTOR,
        reason,
        at,
      });
      // A broken promise reopens the case: its next action is due today.
      if (outcome === 'BROKEN') {
        await work.assignCase(tx, promise.accountId, { nextAction: 'CALL', nextActionOn: asOf });
      }
      await writeAudit(tx, {
        action: outcome === 'KEPT' ? 'promise.kept' : 'promise.broken',
        actor: JOB_ACTOR,
        subject: null,
        entity: `collection-promise:${promise.id}`,
        from: 'OPEN',
        to: outcome,
        reason,
        at,
        detail: { accountId: promise.accountId, amountSen: promise.amountSen, paidSinceSen },
      });
      return outcome;
    });
  }

  return {
    views,

    /** Staff: the borrower's promise, up to what they owe now, dated today to 30 days ahead. */
    async record(viewer: Staff, agreementId: string, body: RecordPromiseRequest) {
      const asOf = malaysiaToday(clock);
      const position = await deps.repayments.collectionPosition(agreementId, asOf);
      if (!position || position.account.status === 'CLOSED') {
        throw new HttpError(404, ACCOUNT_NOT_FOUND, 'LOAN_ACCOUNT_NOT_FOUND');
      }
      if (!(CONTACT_CHANNELS as readonly string[]).includes(body.channel)) {
        throw new HttpError(400, INVALID_REASON, 'VALIDATION_FAILED');
      }
      const note = body.note?.trim() || null;
      if (note && note.length > 500) throw new HttpError(400, INVALID_REASON, 'VALIDATION_FAILED');
      const owed = await deps.repayments.amountDueNow(agreementId);
      const refused = promiseRefusal({
        amountSen: body.amountSen,
        promisedFor: body.promisedFor,
        today: asOf,
        owedSen: owed.dueNowSen,
      });
      if (refused) throw new HttpError(400, PROMISE_REFUSED[refused], 'PROMISE_REFUSED');
      const account = position.account;
      const actor = `staff:${viewer.staffId}`;
      await inTransaction(db, async (tx) => {
        const at = clock.now();
        await deps.store.lockCase(tx, account.id, asOf);
        const row = await work.addPromise(tx, {
          accountId: account.id,
          amountSen: body.amountSen,
          promisedFor: body.promisedFor,
          channel: body.channel,
          note,
          paidBeforeSen: await work.paidSen(account.id, tx),
          recordedBy: actor,
          recordedOn: asOf,
          recordedAt: at,
        });
        if (!row) throw new HttpError(409, PROMISE_OPEN, 'PROMISE_OPEN');
        await work.addPromiseHistory(tx, {
          promiseId: row.id,
          fromStatus: null,
          toStatus: 'OPEN',
          actor,
          reason: `Promised ${body.amountSen} sen by ${body.promisedFor}`,
          at,
        });
        // While it stands the case waits for it.
        await work.assignCase(tx, account.id, {
          nextAction: 'AWAIT_PROMISE',
          nextActionOn: body.promisedFor,
        });
        await writeAudit(tx, {
          action: 'promise.recorded',
          actor,
          subject: `user:${account.userId}`,
          entity: `collection-promise:${row.id}`,
          to: 'OPEN',
          at,
          detail: { agreementId, amountSen: body.amountSen, promisedFor: body.promisedFor },
        });
      });
      return views(account.id);
    },

    /** The daily job's part: every open promise kept or broken by today is closed. */
    async settleAll(asOf: string): Promise<{ promisesKept: number; promisesBroken: number }> {
      let promisesKept = 0;
      let promisesBroken = 0;
      for (const promise of await work.openPromises()) {
        const outcome = await settle(promise, asOf);
        if (outcome === 'KEPT') promisesKept += 1;
        if (outcome === 'BROKEN') promisesBroken += 1;
      }
      return { promisesKept, promisesBroken };
    },
  };
}

export type Promises = ReturnType<typeof createPromises>;
