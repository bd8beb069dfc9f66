// Direct debit collections on the borrower's active e-Mandate. A daily job (idempotent: run twice,
// it does the work once) first reads the bank's answers to the collections sent before (a
// collected one is booked through the repayments module, channel DIRECT_DEBIT, the collection
// reference as the channel reference; a failed one keeps the bank's reason), then plans today's
// collections with the domain's planCollection (on a due date, and the retries from the product
// settings after a failure) and sends them to the bank in one batch.
import { randomBytes } from 'node:crypto';

import type { PaymentHistoryItem, RepaymentScheduleResponse } from '@lending/contracts';
import {
  DEFAULT_DIRECT_DEBIT_SETTINGS,
  type DirectDebitSettings,
  malaysiaInstant,
  planCollection,
} from '@lending/domain';
import type { FastifyBaseLogger } from 'fastify';

import type { EmandateProvider } from '../../adapters/emandate/port';
import type { Orm } from '../../db/database';
import { type Clock, malaysiaToday } from '../../kernel/clock';
import { inTransaction } from '../../kernel/transaction';
import type { AgreementService } from '../agreements/service';
import type { MandateService } from '../mandates/service';
import type { RepaymentModule } from '../repayments/service';
import type { CollectionRow, DirectDebitStore } from './store';

const ACTOR = 'system:direct-debit';

export interface DirectDebitServiceDeps {
  db: Orm;
  store: DirectDebitStore;
  clock: Clock;
  provider: Pick<EmandateProvider, 'submitCollections' | 'collectionResults'>;
  mandates: Pick<MandateService, 'activeMandates'>;
  agreements: Pick<AgreementService, 'byId'>;
  repayments: Pick<RepaymentModule, 'applyPayment' | 'ensureReceipt'>;
  /** The loan's schedule on today's business date (its borrower's view). */
  scheduleOf: (agreementId: string, userId: string) => Promise<RepaymentScheduleResponse>;
  /** The tenant's direct debit settings and public holidays (product settings). */
  settingsOf: (tenant: string) => Promise<CollectionSettings | undefined>;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

export interface CollectionSettings {
  /** Absent from settings saved before direct debit had any: the defaults apply. */
  directDebit?: DirectDebitSettings | undefined;
  publicHolidays: readonly string[];
}

/** The collection's reference: short, unique, and readable on a bank statement. */
function collectionRef(agreementNo: string, instalmentNo: number, attemptNo: number): string {
  return `${agreementNo}-I${String(instalmentNo).padStart(2, '0')}-A${attemptNo}`;
}

export function createDirectDebitService(deps: DirectDebitServiceDeps) {
  const { db, store, clock, provider, repayments } = deps;

  /** Applies the bank's answers to the collections sent; what became of them. */
  async function readAnswers(): Promise<{
    collected: number;
    failed: number;
    resend: CollectionRow[];
  }> {
    const out = await store.withStatus(['SUBMITTED']);
    let collected = 0;
    let failed = 0;
    const resend: CollectionRow[] = [];
    if (out.length === 0) return { collected, failed, resend };
    const answers = await provider.collectionResults(out.map((row) => row.collectionRef));
    for (const answer of answers) {
      const row = out.find((candidate) => candidate.collectionRef === answer.collectionRef);
      if (!row || answer.state === 'PENDING') continue;
      if (answer.state === 'UNKNOWN') {
        // The batch never reached the bank: send it again (the bank takes a reference once).
        resend.push(row);
        continue;
      }
      const at = clock.now();
      // The day the answer is on the books for (what the borrower is told); `at` is the instant.
      const resolvedOn = malaysiaToday(clock);
      if (answer.state === 'FAILED') {
        await inTransaction(db, async (tx) => {
          const locked = await store.lock(tx, row.id);
          if (locked?.status !== 'SUBMITTED') return;
          await store.changeStatus(tx, locked, 'FAILED', at, {
            resolvedAt: at,
            resolvedOn,
            failureCode: answer.reasonCode.slice(0, 20),
            failureReason: answer.reason.slice(0, 200),
          });
          failed += 1;
        });
        continue;
      }
      let paymentId: string | null = null;
      try {
        paymentId = await inTransaction(db, async (tx) => {
          const locked = await store.lock(tx, row.id);
          if (locked?.status !== 'SUBMITTED') return null;
          const payment = await repayments.applyPayment(
            {
              agreementId: locked.agreementId,
              amountSen: locked.amountSen,
              channel: 'DIRECT_DEBIT',
              externalRef: locked.collectionRef,
              // The bank gives the day it debited the payer, not a time: its start in Malaysia.
              paidAt: malaysiaInstant(answer.settledOn),
              valueDate: answer.settledOn,
              actor: ACTOR,
            },
            tx,
          );
          await store.changeStatus(tx, locked, 'SUCCEEDED', at, {
            resolvedAt: at,
            resolvedOn,
            paymentId: payment.paymentId,
          });
          collected += 1;
          return payment.paymentId;
        });
      } catch (error) {
        // One collection the books refuse (the account gone, its reference taken) stays as it is
        // for staff to look into; the others are still booked.
        deps.log?.warn(
          { collectionId: row.id, error: (error as Error).message },
          'direct debit collection not booked',
        );
        continue;
      }
      if (paymentId) {
        const booked = paymentId;
        await repayments.ensureReceipt(booked).catch((error: unknown) => {
          deps.log?.warn(
            { paymentId: booked, error: (error as Error).message },
            'direct debit receipt not built',
          );
        });
      }
    }
    return { collected, failed, resend };
  }

  /** Plans what is to be collected today on every active mandate; how many were planned. */
  async function planToday(): Promise<number> {
    const today = malaysiaToday(clock);
    const settings = new Map<string, Required<CollectionSettings>>();
    let planned = 0;
    for (const mandate of await deps.mandates.activeMandates()) {
      const schedule = await deps.scheduleOf(mandate.agreementId, mandate.userId).catch(() => null);
      // No loan account yet (signed, not paid out), or one no longer being repaid.
      if (!schedule || schedule.accountStatus !== 'ACTIVE') continue;
      const agreement = await deps.agreements.byId(mandate.agreementId);
      if (!settings.has(agreement.tenant)) {
        settings.set(
          agreement.tenant,
          await deps.settingsOf(agreement.tenant).then((found) => ({
            directDebit: found?.directDebit ?? DEFAULT_DIRECT_DEBIT_SETTINGS,
            publicHolidays: found?.publicHolidays ?? [],
          })),
        );
      }
      const attempts = await store.ofAgreement(mandate.agreementId);
      const plan = planCollection({
        today,
        instalments: schedule.instalments,
        lateChargesOutstandingSen: schedule.lateChargesOutstandingSen,
        creditSen: schedule.creditSen,
        maxAmountSen: mandate.maxAmountSen,
        attempts,
        settings: settings.get(agreement.tenant)!.directDebit,
        publicHolidays: settings.get(agreement.tenant)!.publicHolidays,
      });
      if (!plan.collect) continue;
      const at = clock.now();
      const added = await inTransaction(db, (tx) =>
        store.plan(tx, {
          tenant: agreement.tenant,
          agreementId: mandate.agreementId,
          userId: mandate.userId,
          mandateId: mandate.id,
          providerRef: mandate.providerRef,
          instalmentNo: plan.instalmentNo,
          attemptNo: plan.attemptNo,
          collectionDate: today,
          amountSen: plan.amountSen,
          collectionRef: collectionRef(schedule.agreementNo, plan.instalmentNo, plan.attemptNo),
          createdAt: at,
        }),
      );
      if (added) planned += 1;
    }
    return planned;
  }

  /** Sends the planned collections (and any the bank never received) in one batch. */
  async function send(resend: readonly CollectionRow[]): Promise<number> {
    const planned = await store.withStatus(['PLANNED']);
    if (planned.length === 0 && resend.length === 0) return 0;
    const today = malaysiaToday(clock);
    const batchRef = `DD${today.replaceAll('-', '')}${randomBytes(4).toString('hex').toUpperCase()}`;
    // A collection whose mandate ended since it was planned still goes: the bank refuses it
    // with its reason, which the borrower then sees.
    const items = [...planned, ...resend].map((row) => ({
      collectionRef: row.collectionRef,
      providerRef: row.providerRef,
      amountSen: row.amountSen,
      collectionDate: row.collectionDate,
    }));
    await provider.submitCollections({ batchRef, items });
    const at = clock.now();
    for (const row of planned) {
      await inTransaction(db, async (tx) => {
        const locked = await store.lock(tx, row.id);
        if (locked?.status !== 'PLANNED') return;
        await store.changeStatus(tx, locked, 'SUBMITTED', at, { batchRef, submittedAt: at });
      });
    }
    return items.length;
  }

  return {
    /** The daily job. */
    async collect(): Promise<Record<string, number>> {
      const answers = await readAnswers();
      const planned = await planToday();
      const submitted = await send(answers.resend);
      return {
        collected: answers.collected,
        failed: answers.failed,
        planned,
        submitted,
      };
    },

    /**
     * The agreement's collections the borrower's payment history lists beside the payments: sent
     * and not yet answered (PENDING), and failed with the bank's reason. A collected one is a
     * payment, listed as such.
     */
    async historyItems(agreementId: string): Promise<PaymentHistoryItem[]> {
      return (await store.ofAgreement(agreementId))
        .filter((row) => row.status === 'SUBMITTED' || row.status === 'FAILED')
        .map((row): PaymentHistoryItem => ({
          id: row.id,
          status: row.status === 'FAILED' ? 'FAILED' : 'PENDING',
          paidAt: (row.resolvedAt ?? row.submittedAt ?? row.createdAt).toISOString(),
          // Failed: the day the bank's refusal was read; sent: the day it is to be collected.
          paidOn: row.resolvedOn ?? row.collectionDate,
          amountSen: row.amountSen,
          channel: 'DIRECT_DEBIT',
          receiptNo: null,
          receiptFileId: null,
          // The bank's e-Mandate codes share numbers with other channels': kept apart by a prefix.
          failureCode: row.failureCode ? `DD_${row.failureCode}` : null,
          failureReason: row.failureReason,
          allocations: [],
        }));
    },
  };
}

export type DirectDebitService = ReturnType<typeof createDirectDebitService>;
