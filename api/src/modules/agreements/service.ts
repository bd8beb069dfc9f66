// Agreements: the loan an approved application becomes, from the offer to disbursement. Other
// modules (attestation, direct debit, documents, signing, guarantors) reach agreements only
// through this service.
import type { Clock } from '../../kernel/clock';
import { HttpError } from '../../kernel/errors';
import type { OrmTransaction } from '../../kernel/transaction';
import {
  AGREEMENT_NOT_FOUND,
  type AgreementRow,
  type AgreementStatusChange,
  type AgreementStatusListener,
  type AgreementStore,
  type NewAgreement,
} from './store';

export type { AgreementRow } from './store';

export interface AgreementServiceDeps {
  store: AgreementStore;
  clock: Clock;
  /** The notice templates active now: an agreement freezes them when it is made. */
  templates: {
    activeIds(
      tx: OrmTransaction,
      tenant: string,
    ): Promise<{ pdpNoticeTemplateId: string | null; loanTermsTemplateId: string | null }>;
  };
}

export function createAgreementService({ store, templates }: AgreementServiceDeps) {
  return {
    /** The applicant's own agreement; anyone else's is "not found", never "forbidden". */
    async ownedBy(userId: string, agreementId: string): Promise<AgreementRow> {
      const row = await store.agreement(agreementId).catch(() => undefined);
      if (!row || row.userId !== userId) {
        throw new HttpError(404, AGREEMENT_NOT_FOUND, 'AGREEMENT_NOT_FOUND');
      }
      return row;
    },

    byId(agreementId: string): Promise<AgreementRow> {
      return store.agreement(agreementId);
    },

    ofApplication(applicationId: string): Promise<AgreementRow | undefined> {
      return store.ofApplication(applicationId);
    },

    latestOfUser(userId: string): Promise<AgreementRow | undefined> {
      return store.latestOfUser(userId);
    },

    /**
     * The agreement of an approved application, numbered, inside the approving transaction. The
     * notices' wording is frozen with it: a template activated later changes only the agreements
     * made after that.
     */
    async create(tx: OrmTransaction, values: NewAgreement, actorRef: string, at: Date) {
      const frozen = await templates.activeIds(tx, values.tenant);
      return store.create(tx, { ...values, ...frozen }, actorRef, at);
    },

    lock(tx: OrmTransaction, agreementId: string): Promise<AgreementRow> {
      return store.lock(tx, agreementId);
    },

    onStatusChanged(listener: AgreementStatusListener): void {
      store.onStatusChanged(listener);
    },

    changeStatus(change: AgreementStatusChange, tx?: OrmTransaction) {
      return store.changeStatus(change, tx);
    },

    history(agreementId: string) {
      return store.history(agreementId);
    },
  };
}

export type AgreementService = ReturnType<typeof createAgreementService>;
