// Direct debit: the borrower registers an e-Mandate with the largest instalment as its limit and
// the instalment dates as its collection period, authorises it at their bank, and may replace it
// ("update direct debit"). The agreement moves from RnRApproved to PENDING_SIGNING once both the
// staff review is done and the mandate is active, whichever comes last.
import type { DirectDebitView, MandateRegisterRequest, MandateView } from '@lending/contracts';
import {
  addMonths,
  type AgreementStatus,
  instalmentDueDates,
  instalmentSchedule,
  isValidNric,
  normalizeNric,
} from '@lending/domain';
import type { FastifyBaseLogger } from 'fastify';

import type { EmandateProvider, ProviderMandateStatus } from '../../adapters/emandate/port';
import type { Sealer } from '../../crypto/sealed';
import type { Orm } from '../../db/database';
import { type Clock, malaysiaToday } from '../../kernel/clock';
import { HttpError } from '../../kernel/errors';
import type { PublicUrl } from '../../kernel/public-url';
import type { OrmTransaction } from '../../kernel/transaction';
import type { AgreementService } from '../agreements/service';
import {
  MANDATE_AGREEMENT_CANCELLED,
  MANDATE_BANK_UNKNOWN,
  MANDATE_ENDED_AT_BANK,
  MANDATE_EXPIRED,
  MANDATE_NOT_ALLOWED,
  MANDATE_REPLACED,
} from './messages';
import type { MandateRow, MandateStatusChange, MandateStore } from './store';

const AGREEMENT_CHANGED_MESSAGE =
  'This agreement changed since you opened it; reload it and try again';

function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: unknown }).cause ?? error;
  return (cause as { code?: string }).code === '23505';
}

type AgreementRow = Awaited<ReturnType<AgreementService['byId']>>;

/** Before acceptance there is no loan to collect for; a cancelled or paid-out one takes none. */
const NO_MANDATE: readonly AgreementStatus[] = ['LOANAPPLICATIONAPPROVED', 'CANCELLED'];
const SYSTEM = 'system:mandates';

export interface MandateServiceDeps {
  db: Orm;
  store: MandateStore;
  agreements: AgreementService;
  provider: EmandateProvider;
  sealer: Sealer;
  clock: Clock;
  publicUrl: PublicUrl;
  log?: Pick<FastifyBaseLogger, 'error'>;
}

export function createMandateService(deps: MandateServiceDeps) {
  const { db, store, agreements, provider, sealer, clock } = deps;
  const bankName = (code: string) =>
    provider.banks().find((bank) => bank.code === code)?.name ?? code;

  /** The collection terms of an agreement, from the domain engine's schedule for its terms. */
  function termsOf(agreement: AgreementRow) {
    const schedule = instalmentSchedule({
      principalSen: agreement.amountSen,
      tenureMonths: agreement.tenureMonths,
      annualRateBp: agreement.annualRateBp,
    });
    // Collections start a month after the mandate is set up (or the agreement accepted).
    const start = agreement.acceptedOn ?? malaysiaToday(clock);
    const dates = instalmentDueDates(addMonths(start, 1), agreement.tenureMonths);
    return {
      maxAmountSen: Math.max(schedule.monthlyInstalmentSen, schedule.lastInstalmentSen),
      frequency: 'MONTHLY' as const,
      firstCollectionDate: dates[0]!,
      lastCollectionDate: dates[dates.length - 1]!,
    };
  }

  function view(row: MandateRow): MandateView {
    return {
      id: row.id,
      referenceNo: row.referenceNo,
      status: row.status,
      bankCode: row.bankCode,
      bankName: bankName(row.bankCode),
      accountLast4: row.accountLast4,
      maxAmountSen: row.maxAmountSen,
      frequency: row.frequency,
      firstCollectionDate: row.firstCollectionDate,
      lastCollectionDate: row.lastCollectionDate,
      bankMessage: row.bankMessage,
      createdAt: row.createdAt.toISOString(),
      authorisedAt: row.authorisedAt?.toISOString() ?? null,
      activatedAt: row.activatedAt?.toISOString() ?? null,
      endedAt: row.endedAt?.toISOString() ?? null,
    };
  }

  /** Moves a reviewed agreement on to signing when its mandate is active, in `tx`. */
  async function releaseForSigning(tx: OrmTransaction, agreementId: string) {
    const agreement = await agreements.lock(tx, agreementId);
    if (agreement.status !== 'RnRApproved') return;
    if (!(await store.isActive(agreementId, tx))) return;
    await agreements.changeStatus(
      {
        agreementId,
        to: 'PENDING_SIGNING',
        actor: 'system',
        actorRef: SYSTEM,
        mandateActive: true,
        reason: 'Direct debit mandate active',
      },
      tx,
    );
  }

  /** Applies what the bank says of a mandate: each step through the machine, in one transaction. */
  async function apply(mandateId: string, bank: ProviderMandateStatus): Promise<MandateRow> {
    return db.transaction(async (tx) => {
      let row = await store.lock(tx, mandateId);
      if (!row) throw new HttpError(404, 'Mandate not found', 'NOT_FOUND');
      const at = clock.now();
      const step = (change: MandateStatusChange) => store.changeStatus(tx, row!, change);
      if (
        row.status === 'PENDING_AUTH' &&
        (bank.state === 'AUTHORISED' || bank.state === 'ACTIVE')
      ) {
        row = await step({
          to: 'AUTHORISED',
          actor: 'system',
          actorRef: SYSTEM,
          at,
          set: { authorisedAt: bank.authorisedAt ?? at },
        });
      }
      if (row.status === 'AUTHORISED' && bank.state === 'ACTIVE') {
        row = await step({
          to: 'ACTIVE',
          actor: 'system',
          actorRef: SYSTEM,
          at,
          set: { activatedAt: bank.activatedAt ?? at },
        });
        await releaseForSigning(tx, row.agreementId);
      }
      if (row.status === 'PENDING_AUTH' && bank.state === 'REJECTED') {
        row = await step({
          to: 'REJECTED',
          actor: 'system',
          actorRef: SYSTEM,
          at,
          reason: bank.message ?? undefined,
          set: { bankMessage: bank.message, endedAt: at },
        });
      }
      if (
        (row.status === 'PENDING_AUTH' || row.status === 'AUTHORISED' || row.status === 'ACTIVE') &&
        (bank.state === 'EXPIRED' || bank.state === 'TERMINATED')
      ) {
        const message = bank.state === 'EXPIRED' ? MANDATE_EXPIRED : MANDATE_ENDED_AT_BANK;
        row = await step({
          to: 'TERMINATED',
          actor: 'system',
          actorRef: SYSTEM,
          at,
          reason: message,
          set: { bankMessage: message, endedAt: at },
        });
      }
      return row;
    });
  }

  async function sync(row: MandateRow): Promise<MandateRow> {
    if (row.status !== 'PENDING_AUTH' && row.status !== 'AUTHORISED') return row;
    return apply(row.id, await provider.status(row.providerRef));
  }

  // A mandate active before the staff review finished: the review's own transaction moves the
  // agreement on.
  agreements.onStatusChanged(async (tx, event) => {
    if (event.to === 'RnRApproved') await releaseForSigning(tx, event.agreement.id);
    if (event.to === 'CANCELLED') await endWithAgreement(tx, event.agreement.id, event.actorRef);
  });

  /**
   * A cancelled agreement is never collected on: its live mandates end in the cancelling
   * transaction. The bank hears of it once that commits (endCancelledAtBank), as a bank call
   * cannot be undone with the transaction.
   */
  async function endWithAgreement(tx: OrmTransaction, agreementId: string, actorRef: string) {
    const at = clock.now();
    for (const live of await store.live(agreementId, tx)) {
      const locked = await store.lock(tx, live.id);
      if (!locked) continue;
      await store.changeStatus(tx, locked, {
        to: 'TERMINATED',
        actor: 'system',
        actorRef,
        at,
        reason: MANDATE_AGREEMENT_CANCELLED,
        set: { endedAt: at, bankMessage: MANDATE_AGREEMENT_CANCELLED },
      });
    }
  }

  return {
    termsOf,

    /** The active mandates to collect on, as the bank knows them. */
    async activeMandates(): Promise<
      {
        id: string;
        agreementId: string;
        userId: string;
        providerRef: string;
        maxAmountSen: number;
      }[]
    > {
      return (await store.activeAll()).map((row) => ({
        id: row.id,
        userId: row.userId,
        agreementId: row.agreementId,
        providerRef: row.providerRef,
        maxAmountSen: row.maxAmountSen,
      }));
    },

    /** Whether the agreement has an active mandate: signing may go ahead. */
    activeFor(agreementId: string): Promise<boolean> {
      return store.isActive(agreementId);
    },

    async directDebit(userId: string, agreementId: string): Promise<DirectDebitView> {
      const agreement = await agreements.ownedBy(userId, agreementId);
      const latest = await store.latestOf(agreementId);
      const mandate = latest ? await sync(latest) : null;
      const status = (await agreements.byId(agreementId)).status as AgreementStatus;
      return {
        agreementId,
        agreementNo: agreement.agreementNo,
        agreementStatus: status,
        terms: termsOf(agreement),
        banks: [...provider.banks()],
        mandate: mandate ? view(mandate) : null,
        canRegister: !NO_MANDATE.includes(status),
        active: mandate?.status === 'ACTIVE',
      };
    },

    /**
     * Registers a mandate at the bank and keeps it PENDING_AUTH; a live one is terminated in the
     * same transaction (replacement), and ended at the bank once that commits.
     */
    async register(
      userId: string,
      agreementId: string,
      input: MandateRegisterRequest,
      ip: string | null,
    ): Promise<{ mandate: MandateView; authorisationUrl: string }> {
      const agreement = await agreements.ownedBy(userId, agreementId);
      if (NO_MANDATE.includes(agreement.status as AgreementStatus)) {
        throw new HttpError(409, MANDATE_NOT_ALLOWED, 'MANDATE_NOT_ALLOWED');
      }
      if (!provider.banks().some((bank) => bank.code === input.bankCode)) {
        throw new HttpError(400, MANDATE_BANK_UNKNOWN, 'MANDATE_BANK_UNKNOWN');
      }
      const payerIdNo =
        input.payerIdType === 'NRIC'
          ? normalizeNric(input.payerIdNo)
          : input.payerIdNo.trim().toUpperCase();
      if (input.payerIdType === 'NRIC' && !isValidNric(payerIdNo)) {
        throw new HttpError(400, 'Please enter a valid identity card number', 'VALIDATION_FAILED');
      }
      const accountNo = input.accountNo.replace(/[\s-]/g, '');
      const terms = termsOf(agreement);
      const sequence = (await store.countOf(agreementId)) + 1;
      const referenceNo = `${agreement.agreementNo}-DD${String(sequence).padStart(2, '0')}`;
      const registered = await provider.register({
        referenceNo,
        payerName: input.payerName.trim(),
        payerIdType: input.payerIdType,
        payerIdNo,
        bankCode: input.bankCode,
        accountNo,
        ...terms,
        language: input.language ?? 'EN',
        returnUrl: `${deps.publicUrl()}/loan-status/direct-debit?agreementId=${agreementId}`,
      });
      const actorRef = `user:${userId}`;
      let replaced: MandateRow[] = [];
      let row: MandateRow;
      try {
        row = await db.transaction(async (tx) => {
          const locked = await agreements.lock(tx, agreementId);
          if (NO_MANDATE.includes(locked.status as AgreementStatus)) {
            throw new HttpError(409, MANDATE_NOT_ALLOWED, 'MANDATE_NOT_ALLOWED');
          }
          const at = clock.now();
          replaced = [];
          const live = await store.live(agreementId, tx);
          for (const old of live) {
            const lockedOld = await store.lock(tx, old.id);
            if (!lockedOld) continue;
            // Ended first: only one live mandate per agreement, enforced by the database too.
            replaced.push(
              await store.changeStatus(tx, lockedOld, {
                to: 'TERMINATED',
                actor: 'applicant',
                actorRef,
                at,
                reason: MANDATE_REPLACED,
                ...(ip ? { ip } : {}),
                set: { endedAt: at, bankMessage: MANDATE_REPLACED },
              }),
            );
          }
          const created = await store.insert(
            tx,
            {
              agreementId,
              userId,
              provider: provider.name,
              providerRef: registered.providerRef,
              referenceNo,
              payerNameSealed: sealer.seal(input.payerName.trim()),
              payerIdType: input.payerIdType,
              payerIdNoSealed: sealer.seal(payerIdNo),
              bankCode: input.bankCode,
              accountNoSealed: sealer.seal(accountNo),
              accountLast4: accountNo.slice(-4),
              maxAmountSen: terms.maxAmountSen,
              frequency: terms.frequency,
              firstCollectionDate: terms.firstCollectionDate,
              lastCollectionDate: terms.lastCollectionDate,
            },
            actorRef,
            at,
            ip,
          );
          for (const old of replaced) {
            await store.changeStatusLink(tx, old.id, created.id);
          }
          return created;
        });
      } catch (error) {
        // Nothing was kept: the request at the bank must not be authorised later.
        await provider.terminate(registered.providerRef);
        // Another registration for the agreement took this reference number first.
        if (isUniqueViolation(error)) {
          throw new HttpError(409, AGREEMENT_CHANGED_MESSAGE, 'AGREEMENT_CHANGED');
        }
        throw error;
      }
      for (const old of replaced) await provider.terminate(old.providerRef);
      return { mandate: view(row), authorisationUrl: registered.authorisationUrl };
    },

    /**
     * After an agreement's cancellation committed: ends its mandates at the bank. A bank that
     * cannot be reached is logged, not thrown: the cancellation stands, and the mandate is
     * already ended here, so nothing is collected on it.
     */
    async endCancelledAtBank(agreementId: string): Promise<void> {
      for (const mandate of await store.endedWith(agreementId, MANDATE_AGREEMENT_CANCELLED)) {
        try {
          await provider.terminate(mandate.providerRef);
        } catch (error) {
          deps.log?.error(
            { err: error, mandateId: mandate.id },
            'The bank could not be told that a mandate ended',
          );
        }
      }
    },

    /** The bank told the platform about a mandate (its notification, or the payer's return). */
    async bankNotified(providerRef: string): Promise<void> {
      const row = await store.byProviderRef(provider.name, providerRef);
      if (row) await sync(row);
    },
  };
}

export type MandateService = ReturnType<typeof createMandateService>;
