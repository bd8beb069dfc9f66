// The collection case an officer works: who is assigned, its bucket of days past due (where each
// starts is a product setting), its next action and date (read by the daily job, or set by a
// person), and what it offers the viewer: terminations, promises and the contact log.
import type {
  CaseAssignmentRequest,
  CaseOfficersResponse,
  CollectionWorkView,
} from '@lending/contracts';
import { COLLECTION_WORKER_ROLES } from '@lending/contracts';
import {
  arrearsOf,
  CASE_ACTIONS,
  caseBucket,
  collectionStageFor,
  DEFAULT_CASE_BUCKET_STARTS,
  earliestTerminationDate,
  firstRefusal,
  isIsoDate,
  nextCaseAction,
  refusedByRole,
  type StaffRole,
  terminationBalance,
} from '@lending/domain';

import type { Principal } from '../../http/access';
import { writeAudit } from '../../kernel/audit';
import { malaysiaToday } from '../../kernel/clock';
import { HttpError } from '../../kernel/errors';
import { inTransaction } from '../../kernel/transaction';
import type { ContactLog } from './contacts';
import { ACCOUNT_NOT_FOUND, INVALID_REASON, STAFF_NOT_FOUND } from './messages';
import type { Promises } from './promises';
import type { Terminations } from './terminations';
import type { CollectionWorkDeps } from './work-deps';

type Staff = Extract<Principal, { kind: 'staff' }>;

const WORKERS = COLLECTION_WORKER_ROLES as readonly StaffRole[];

export function createCaseWork(
  deps: CollectionWorkDeps,
  parts: { contacts: ContactLog; promises: Promises; terminations: Terminations },
) {
  const { db, work, store, clock } = deps;
  const notFound = () => new HttpError(404, ACCOUNT_NOT_FOUND, 'LOAN_ACCOUNT_NOT_FOUND');

  async function bucketStartsOf(tenant: string) {
    const settings = await deps.settings.currentSettings(tenant);
    return settings.collections?.caseBuckets ?? DEFAULT_CASE_BUCKET_STARTS;
  }

  /** Who a case may be assigned to: staff not disabled who hold a role that works cases. The
   *  list offered and the check on assigning read this one rule. */
  const caseOfficers = (only?: string) => work.activeStaffHolding(WORKERS, only);

  return {
    async view(viewer: Staff, agreementId: string): Promise<CollectionWorkView> {
      const asOf = malaysiaToday(clock);
      const position = await deps.repayments.collectionPosition(agreementId, asOf);
      if (!position) throw notFound();
      const { account } = position;
      const known = await store.caseOfAgreement(agreementId);
      const notice = await parts.terminations.standingNotice(agreementId);
      const { refused } = await parts.terminations.refusal(agreementId, asOf);
      const terminations = await parts.terminations.views(
        await work.terminationsOf(agreementId),
        viewer,
      );
      const names = await work.staffNames(known?.assignedTo ? [known.assignedTo] : []);
      const open = account.status === 'ACTIVE' || account.status === 'TERMINATED';
      const worker = refusedByRole(viewer.roles, WORKERS);
      return {
        agreementId,
        accountStatus: account.status,
        asOf,
        assignedTo: known?.assignedTo ?? null,
        assignedToName: known?.assignedTo ? (names.get(known.assignedTo) ?? null) : null,
        bucket: known?.bucket ?? null,
        nextAction: known?.nextAction ?? null,
        nextActionOn: known?.nextActionOn ?? null,
        terminationFrom: notice ? earliestTerminationDate(notice) : null,
        terminationBalanceSen: terminationBalance(position.positions, asOf).balanceSen,
        terminations,
        promises: await parts.promises.views(account.id),
        contacts: await parts.contacts.staffContacts(agreementId),
        actions: {
          proposeTermination: firstRefusal(
            worker,
            refused !== null && 'notWaiting',
            terminations.some((row) => row.status === 'PROPOSED') && 'inProgress',
          ),
          recordContact: firstRefusal(worker, !open && 'notWaiting'),
          recordPromise: firstRefusal(worker, !open && 'notWaiting'),
          assign: firstRefusal(worker, !open && 'notWaiting'),
        },
      };
    },

    /** Staff: the members a case may be assigned to, by name (nothing else about them). */
    async officers(): Promise<CaseOfficersResponse> {
      return { items: await caseOfficers() };
    },

    /** Staff: the officer who works the case, and the next action when a person decides it. */
    async assign(viewer: Staff, agreementId: string, body: CaseAssignmentRequest) {
      const asOf = malaysiaToday(clock);
      const position = await deps.repayments.collectionPosition(agreementId, asOf);
      if (!position) throw notFound();
      if ((await caseOfficers(body.assignedTo)).length === 0) {
        throw new HttpError(400, STAFF_NOT_FOUND, 'VALIDATION_FAILED');
      }
      const manual = body.nextAction !== undefined || body.nextActionOn !== undefined;
      if (
        manual &&
        (!body.nextAction ||
          !(CASE_ACTIONS as readonly string[]).includes(body.nextAction) ||
          !body.nextActionOn ||
          !isIsoDate(body.nextActionOn) ||
          body.nextActionOn < asOf)
      ) {
        throw new HttpError(400, INVALID_REASON, 'VALIDATION_FAILED');
      }
      const actor = `staff:${viewer.staffId}`;
      await inTransaction(db, async (tx) => {
        const row = await store.lockCase(tx, position.account.id, asOf);
        await work.assignCase(tx, row.accountId, {
          assignedTo: body.assignedTo,
          ...(manual ? { nextAction: body.nextAction, nextActionOn: body.nextActionOn } : {}),
        });
        await writeAudit(tx, {
          action: 'collection.case_assigned',
          actor,
          subject: `user:${position.account.userId}`,
          entity: `collection-case:${row.accountId}`,
          detail: {
            agreementId,
            assignedTo: `staff:${body.assignedTo}`,
            ...(manual ? { nextAction: body.nextAction, nextActionOn: body.nextActionOn } : {}),
          },
        });
      });
      return this.view(viewer, agreementId);
    },

    /**
     * The daily job's part, for each account it reads: the case gets its bucket and its next
     * action and date; an action due today or later stands while the bucket and stage stay as
     * they were (a person, or a broken promise, may have set it). Written only when changed.
     */
    async refreshCase(
      agreementId: string,
      position: { account: { tenant: string }; positions: Parameters<typeof arrearsOf>[0] },
      asOf: string,
    ): Promise<boolean> {
      const known = await store.caseOfAgreement(agreementId);
      // A case never opened, or back to current with nothing to work: nothing to read.
      if (!known || (known.stage === 'CURRENT' && known.bucket === null)) return false;
      const arrears = arrearsOf(position.positions);
      const stage = collectionStageFor(known.stage, arrears);
      const bucket = caseBucket(arrears.daysPastDue, await bucketStartsOf(position.account.tenant));
      const promises = (await work.promisesOf(known.accountId)).promises;
      const open = promises.find((row) => row.status === 'OPEN');
      const notice = await parts.terminations.standingNotice(agreementId);
      const lastContactOn = await work.lastContactOn(known.accountId);
      const next = nextCaseAction({
        stage,
        bucket,
        asOf,
        openPromiseFor: open?.promisedFor ?? null,
        terminationFrom: notice ? earliestTerminationDate(notice) : null,
        lastContactOn,
      });
      // The law's steps (notice, termination) and a promise standing always come from the rules.
      const standing =
        (next?.action === 'SEND_MESSAGE' || next?.action === 'CALL') &&
        known.bucket === bucket &&
        known.stage === stage &&
        !(open === undefined && known.nextAction === 'AWAIT_PROMISE') &&
        known.nextActionOn !== null &&
        known.nextActionOn >= asOf;
      const values = standing
        ? {
            bucket,
            nextAction: known.nextAction,
            nextActionOn: known.nextActionOn,
            lastContactOn,
          }
        : {
            bucket,
            nextAction: next?.action ?? null,
            nextActionOn: next?.on ?? null,
            lastContactOn,
          };
      if (
        known.bucket === values.bucket &&
        known.nextAction === values.nextAction &&
        known.nextActionOn === values.nextActionOn &&
        known.lastContactOn === values.lastContactOn
      ) {
        return false;
      }
      await inTransaction(db, (tx) => work.assignCase(tx, known.accountId, values));
      return true;
    },
  };
}

export type CaseWork = ReturnType<typeof createCaseWork>;
