// The sandbox payout bank: answers like the instant-transfer scheme. It checks the request the
// way the scheme and the receiving bank would (a known bank, an account number of 6 to 20 digits,
// a positive amount within the per-transfer limit, a beneficiary name) and keeps every answer in
// its ledger under the sender's reference, so a repeated reference gets the first answer back.
//
// Accounts a person can use to see a rejection locally, as the receiving bank would answer:
//   ...0000  account does not exist      ...9999  account closed or dormant
import { createHash } from 'node:crypto';

import type { Clock } from '../../kernel/clock';
import type { PayoutProvider, PayoutRequest, PayoutResult } from './port';
import type { SandboxPayoutStore, SandboxTransferRow } from './sandbox-store';

/** Receiving banks the sandbox scheme reaches, by SWIFT/BIC (the master bank list's codes). */
export const SANDBOX_PAYOUT_BANKS: readonly string[] = [
  'MBBEMYKL',
  'CIBBMYKL',
  'PBBEMYKL',
  'RHBBMYKL',
  'HLBBMYKL',
  'ARBKMYKL',
  'BIMBMYKL',
  'BKRMMYKL',
  'BSNAMYK1',
  'PHBMMYKL',
  'MFBBMYKL',
  'OCBCMYKL',
  'UOVBMYKL',
  'HBMBMYKL',
  'SCBLMYKX',
  'AGOBMYKL',
  'BMMBMYKL',
  'AFBQMYKL',
  'RJHIMYKL',
  'KFHOMYKL',
  'CITIMYKL',
];

/** The most one instant transfer may carry in the sandbox scheme (RM1,000,000). */
export const SANDBOX_TRANSFER_LIMIT_SEN = 100_000_000;

export const PAYOUT_REJECTIONS = {
  unknownBank: 'Receiving bank not reachable by the scheme',
  invalidAccount: 'Invalid account number',
  noSuchAccount: 'Account does not exist at the receiving bank',
  closedAccount: 'Account closed or dormant',
  invalidAmount: 'Invalid amount',
  overLimit: 'Amount exceeds the transfer limit',
  noBeneficiary: 'Beneficiary name is required',
} as const;

function rejection(request: PayoutRequest, knownBanks: readonly string[]): string | null {
  if (!Number.isSafeInteger(request.amountSen) || request.amountSen <= 0) {
    return PAYOUT_REJECTIONS.invalidAmount;
  }
  if (request.amountSen > SANDBOX_TRANSFER_LIMIT_SEN) return PAYOUT_REJECTIONS.overLimit;
  if (!request.beneficiaryName.trim()) return PAYOUT_REJECTIONS.noBeneficiary;
  if (!knownBanks.includes(request.bankSwiftCode)) return PAYOUT_REJECTIONS.unknownBank;
  if (!/^\d{6,20}$/.test(request.accountNo)) return PAYOUT_REJECTIONS.invalidAccount;
  if (request.accountNo.endsWith('0000')) return PAYOUT_REJECTIONS.noSuchAccount;
  if (request.accountNo.endsWith('9999')) return PAYOUT_REJECTIONS.closedAccount;
  return null;
}

function answer(row: SandboxTransferRow): PayoutResult {
  return row.status === 'ACCEPTED'
    ? { status: 'ACCEPTED', transferRef: row.transferRef!, at: row.createdAt }
    : { status: 'REJECTED', reason: row.reason ?? 'Rejected', at: row.createdAt };
}

export interface SandboxPayout extends PayoutProvider {
  /** The bank's ledger: what it was asked to transfer and what it answered. */
  ledger(): Promise<SandboxTransferRow[]>;
}

export function sandboxPayout(deps: {
  store: SandboxPayoutStore;
  clock: Clock;
  banks?: readonly string[];
}): SandboxPayout {
  const { store, clock } = deps;
  const banks = deps.banks ?? SANDBOX_PAYOUT_BANKS;
  return {
    name: 'sandbox',

    async send(request) {
      const earlier = await store.byReference(request.reference);
      if (earlier) return answer(earlier);
      const reason = rejection(request, banks);
      const at = clock.now();
      // The scheme's reference: derived from the sender's, as a bank derives its own id.
      const transferRef = `SBX${createHash('sha256').update(request.reference).digest('hex').slice(0, 16).toUpperCase()}`;
      const row = await store.record({
        reference: request.reference,
        amountSen: request.amountSen,
        bankSwiftCode: request.bankSwiftCode,
        accountLast4: request.accountNo.slice(-4),
        status: reason ? 'REJECTED' : 'ACCEPTED',
        transferRef: reason ? null : transferRef,
        reason,
        createdAt: at,
      });
      return answer(row);
    },

    ledger: () => store.all(),
  };
}
