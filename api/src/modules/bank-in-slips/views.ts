// What the bank-in slip service and its decisions share: their dependencies, the limits a slip
// is checked against, and the borrower's view of a slip.
import type { BankInSlipView } from '@lending/contracts';
import { BANK_IN_SLIP_MAX_BYTES, BANK_IN_SLIP_TYPES } from '@lending/contracts';
import { type ProductSettings } from '@lending/domain';

import type { EmailSender } from '../../adapters/email/port';
import type { FileStorage } from '../../adapters/storage/port';
import type { Sealer } from '../../crypto/sealed';
import type { Orm } from '../../db/database';
import type { Principal } from '../../http/access';
import { type Clock } from '../../kernel/clock';
import type { RecordEvent } from '../../kernel/events';
import type { PublicUrl } from '../../kernel/public-url';
import type { RepaymentModule } from '../repayments/service';
import type { UserAccounts } from '../users/service';
import type { SlipRow, SlipStore } from './store';

export type Borrower = Extract<Principal, { kind: 'applicant' }>;
export type Staff = Extract<Principal, { kind: 'staff' }>;

/** RM1.00 to RM1,000,000.00: a bank transfer of a loan's size. */
export const MIN_SEN = 100;
export const MAX_SEN = 100_000_000;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Slips take what general documents take (spec section 5): PDF, PNG or JPEG up to 5 MB. */
export const SLIP_RULE = {
  acceptedTypes: BANK_IN_SLIP_TYPES,
  maxBytes: BANK_IN_SLIP_MAX_BYTES,
  requiredFileCount: 0,
  maxFileCount: Number.MAX_SAFE_INTEGER,
};

/** Events' types are `area.verb` with a plain area (migrations/0960). */
export const SLIP_DECIDED_EVENT = 'slip.decided';

export interface SlipAccount {
  id: string;
  tenant: string;
  userId: string;
  status: string;
  disbursedOn: string;
}

export interface SlipServiceDeps {
  db: Orm;
  store: SlipStore;
  /** The repayments store's reads of a loan account and its borrower's name. */
  accounts: {
    account(agreementId: string): Promise<{ account: SlipAccount } | undefined>;
    borrowerNameOf(agreementId: string): Promise<string>;
  };
  repayments: Pick<RepaymentModule, 'applyPayment'>;
  settings: { currentSettings(tenant: string): Promise<ProductSettings> };
  staffNames(ids: string[]): Promise<Map<string, string>>;
  users: Pick<UserAccounts, 'byId'>;
  storage: FileStorage;
  sealer: Sealer;
  email: EmailSender;
  clock: Clock;
  publicUrl: PublicUrl;
  recordEvent: RecordEvent;
}

export interface SlipUpload {
  amountSen: string | undefined;
  paidOn: string | undefined;
  fileName: string | undefined;
  bytes: Buffer;
  /** The parser stopped reading at the size limit. */
  truncated: boolean;
}

export function borrowerView(row: SlipRow, receiptNo: string | null): BankInSlipView {
  return {
    id: row.id,
    agreementId: row.agreementId,
    status: row.status,
    amountSen: row.amountSen,
    paidOn: row.paidOn,
    originalFileName: row.originalFileName,
    submittedAt: row.submittedAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    rejectReason: row.rejectReason,
    rejectNote: row.rejectNote,
    receiptNo,
  };
}
