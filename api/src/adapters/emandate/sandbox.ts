// The sandbox e-Mandate bank: behaves like the scheme. Registering a mandate gives a single-use
// link (30 minutes) to the bank's page (modules/mandates/sandbox-routes.ts), where the payer sees
// the lender, the reference, the maximum amount, the frequency and the collection dates, and
// approves or rejects. An approved mandate is registered for collection at once, so it reports
// authorised and active together; the platform still records both steps.
// Collections: the bank takes the day's batch, debits on the collection date and answers from the
// next day. It refuses a debit on a mandate that is not active or above the mandate's limit, and,
// like a real payer's account, one without the money: the sandbox's accounts ending in 0051 have
// insufficient funds and those ending in 0052 are closed (documented in the README), so a person
// can drive a failed collection and its retries locally.
import { createHash, randomBytes } from 'node:crypto';

import { addDays } from '@lending/domain';

import { type Clock, malaysiaToday } from '../../kernel/clock';
import type { PublicUrl } from '../../kernel/public-url';
import {
  type EmandateProvider,
  type MandateRequest,
  type ProviderMandateStatus,
  SANDBOX_BANKS,
} from './port';
import type {
  SandboxCollectionStore,
  SandboxEmandateStore,
  SandboxMandateRow,
} from './sandbox-store';

export const AUTHORISATION_LINK_TTL_MS = 30 * 60 * 1000;
export const SANDBOX_REJECTION_MESSAGE = 'Mandate rejected by the payer at the bank';

/** The sandbox's payer accounts whose debits fail, by their last four digits. */
export const SANDBOX_FAILING_ACCOUNTS: Readonly<Record<string, { code: string; reason: string }>> =
  {
    '0051': { code: '51', reason: 'Insufficient funds' },
    '0052': { code: '52', reason: 'Account closed' },
  };
const NOT_ACTIVE = { code: '40', reason: 'Mandate not active' };
const OVER_LIMIT = { code: '61', reason: 'Amount exceeds the mandate limit' };

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export type BankPageLink =
  | { ok: true; request: SandboxMandateRow }
  | { ok: false; reason: 'unknown' | 'used' | 'expired'; language: 'EN' | 'MS' };

export interface SandboxEmandate extends EmandateProvider {
  /** The request behind a link to the bank's page, or why the link cannot be used. */
  openPage(token: string): Promise<BankPageLink>;
  /** The payer's answer, once. */
  decide(
    token: string,
    decision: 'APPROVED' | 'REJECTED',
  ): Promise<BankPageLink & { providerRef?: string }>;
}

export function sandboxEmandate(deps: {
  store: SandboxEmandateStore;
  collections: SandboxCollectionStore;
  clock: Clock;
  publicUrl: PublicUrl;
}): SandboxEmandate {
  const { store, clock } = deps;

  function linkState(row: SandboxMandateRow | undefined): BankPageLink {
    if (!row) return { ok: false, reason: 'unknown', language: 'EN' };
    if (row.decision || row.terminatedAt) {
      return { ok: false, reason: 'used', language: row.language };
    }
    if (row.expiresAt.getTime() <= clock.now().getTime()) {
      return { ok: false, reason: 'expired', language: row.language };
    }
    return { ok: true, request: row };
  }

  async function findByToken(token: string) {
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
    return store.byTokenHash(hashToken(token));
  }

  return {
    name: 'sandbox',

    banks: () => SANDBOX_BANKS,

    async register(request: MandateRequest) {
      if (!SANDBOX_BANKS.some((bank) => bank.code === request.bankCode)) {
        throw new Error(`unknown bank ${request.bankCode}`);
      }
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(clock.now().getTime() + AUTHORISATION_LINK_TTL_MS);
      const providerRef = await store.insert({
        tokenHash: hashToken(token),
        referenceNo: request.referenceNo,
        bankCode: request.bankCode,
        accountLast4: request.accountNo.slice(-4),
        maxAmountSen: request.maxAmountSen,
        firstCollectionDate: request.firstCollectionDate,
        lastCollectionDate: request.lastCollectionDate,
        language: request.language,
        returnUrl: request.returnUrl,
        expiresAt,
      });
      return {
        providerRef,
        authorisationUrl: `${deps.publicUrl()}/api/sandbox/emandate/${token}`,
        expiresAt,
      };
    },

    async status(providerRef): Promise<ProviderMandateStatus> {
      const row = await store.byId(providerRef);
      const none = { message: null, authorisedAt: null, activatedAt: null };
      if (!row) return { state: 'EXPIRED', ...none };
      if (row.terminatedAt) return { state: 'TERMINATED', ...none };
      if (row.decision === 'REJECTED') {
        return { state: 'REJECTED', ...none, message: SANDBOX_REJECTION_MESSAGE };
      }
      if (row.decision === 'APPROVED') {
        return {
          state: row.activatedAt ? 'ACTIVE' : 'AUTHORISED',
          message: null,
          authorisedAt: row.decidedAt,
          activatedAt: row.activatedAt,
        };
      }
      if (row.expiresAt.getTime() <= clock.now().getTime()) return { state: 'EXPIRED', ...none };
      return { state: 'PENDING', ...none };
    },

    async terminate(providerRef) {
      await store.terminate(providerRef, clock.now());
    },

    async submitCollections(batch) {
      for (const item of batch.items) {
        const mandate = await store.byId(item.providerRef).catch(() => undefined);
        const refusal =
          !mandate || mandate.decision !== 'APPROVED' || mandate.terminatedAt
            ? NOT_ACTIVE
            : item.amountSen > mandate.maxAmountSen
              ? OVER_LIMIT
              : SANDBOX_FAILING_ACCOUNTS[mandate.accountLast4];
        await deps.collections.receive({
          collectionRef: item.collectionRef,
          batchRef: batch.batchRef,
          providerRef: item.providerRef,
          amountSen: item.amountSen,
          collectionDate: item.collectionDate,
          result: refusal ? 'FAILED' : 'SUCCESS',
          reasonCode: refusal?.code ?? null,
          reason: refusal?.reason ?? null,
          answerFrom: addDays(item.collectionDate, 1),
        });
      }
    },

    async collectionResults(collectionRefs) {
      const today = malaysiaToday(clock);
      const rows = new Map(
        (await deps.collections.byRefs(collectionRefs)).map((row) => [row.collectionRef, row]),
      );
      return collectionRefs.map((collectionRef) => {
        const row = rows.get(collectionRef);
        if (!row) return { collectionRef, state: 'UNKNOWN' as const };
        if (today < row.answerFrom) return { collectionRef, state: 'PENDING' as const };
        return row.result === 'SUCCESS'
          ? { collectionRef, state: 'SUCCESS' as const, settledOn: row.collectionDate }
          : {
              collectionRef,
              state: 'FAILED' as const,
              reasonCode: row.reasonCode ?? '99',
              reason: row.reason ?? 'Rejected by the bank',
            };
      });
    },

    async openPage(token) {
      return linkState(await findByToken(token));
    },

    async decide(token, decision) {
      const state = linkState(await findByToken(token));
      if (!state.ok) return state;
      const decided = await store.decide(state.request.id, decision, clock.now());
      if (!decided) return { ok: false, reason: 'used', language: state.request.language };
      return { ok: true, request: decided, providerRef: decided.id };
    },
  };
}
