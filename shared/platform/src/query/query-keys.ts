import type { OrganizationType } from '@lending/contracts';

/**
 * Every cached server resource's key, in one place. A key starts with its resource; the first
 * element decides who may drop it: the signed-in person's data (USER_SCOPED_RESOURCES) is removed
 * when the session changes hands, reference data (master lists) stays for the page's life.
 *
 * An answer that depends on the language carries the language in its key, so switching language
 * reads (or fetches) the other entry instead of invalidating the one in use.
 */
export const queryKeys = {
  application: {
    all: () => ['application'] as const,
    /** The person's open application (null when there is none). */
    current: (userId: string) => ['application', 'current', userId] as const,
    // The loan-status reads sit under `application`, so a changed application refreshes them.
    /** The home card's loan state. */
    home: (userId: string) => ['application', 'home', userId] as const,
    history: (userId: string, page: number, size: number) =>
      ['application', 'history', userId, page, size] as const,
    historyItem: (applicationId: string) => ['application', 'historyItem', applicationId] as const,
    statusCheck: (referenceNo: string) => ['application', 'statusCheck', referenceNo] as const,
  },
  files: {
    all: () => ['files'] as const,
    ofApplication: (applicationId: string) => ['files', 'application', applicationId] as const,
  },
  profile: {
    /** The signed-in person's own details. */
    me: () => ['profile', 'me'] as const,
  },
  ekyc: {
    session: (sessionId: string) => ['ekyc', 'session', sessionId] as const,
  },
  caseFile: {
    /** Staff: the whole file of one application. */
    byId: (applicationId: string) => ['caseFile', applicationId] as const,
  },
  staffQueue: {
    all: () => ['staffQueue'] as const,
    /** A page of the back office's application queue, by its query string. */
    page: (query: string) => ['staffQueue', 'page', query] as const,
  },
  staffAudit: {
    all: () => ['staffAudit'] as const,
    /** A page of the audit log, by its query string: personal data, dropped with the session. */
    page: (query: string) => ['staffAudit', 'page', query] as const,
  },
  repayment: {
    all: () => ['repayment'] as const,
    /** The borrower's loan accounts (disbursed agreements). */
    accounts: () => ['repayment', 'accounts'] as const,
    schedule: (agreementId: string) => ['repayment', 'schedule', agreementId] as const,
    payments: (agreementId: string) => ['repayment', 'payments', agreementId] as const,
    /** Arrears and default notices sent on the loan. */
    letters: (agreementId: string) => ['repayment', 'letters', agreementId] as const,
    /** Valid for one business day: read again on each visit rather than kept. */
    earlySettlement: (agreementId: string) =>
      ['repayment', 'earlySettlement', agreementId] as const,
    /** The biller code and the loan's JomPAY Ref-1. */
    jompay: (agreementId: string) => ['repayment', 'jompay', agreementId] as const,
    /** The bank-in slips the borrower sent for the loan. */
    bankInSlips: (agreementId: string) => ['repayment', 'bankInSlips', agreementId] as const,
  },
  staffProviders: {
    /** Each outside service's provider, health and settings (admins). */
    all: () => ['staffProviders'] as const,
  },
  staffBusinessDate: {
    /** The business date, close of business under way and the days closed (admins). */
    all: () => ['staffBusinessDate'] as const,
  },
  staffFinance: {
    all: () => ['staffFinance'] as const,
    /** The months closed and the business date of a brand's books. */
    periods: (tenant: string) => ['staffFinance', 'periods', tenant] as const,
    trialBalance: (tenant: string, from: string, to: string) =>
      ['staffFinance', 'trialBalance', tenant, from, to] as const,
    accountLedger: (tenant: string, key: string, from: string, to: string) =>
      ['staffFinance', 'accountLedger', tenant, key, from, to] as const,
    /** A brand's latest settlement reconciliations. */
    reconciliations: (tenant: string) => ['staffFinance', 'reconciliations', tenant] as const,
    /** One settlement reconciliation with its lines. */
    reconciliation: (runId: string) => ['staffFinance', 'reconciliation', runId] as const,
  },
  staffBankInSlips: {
    all: () => ['staffBankInSlips'] as const,
    /** The slips waiting for a decision (OPEN) or all of them (ALL), of a brand. */
    list: (tenant: string, status: string) => ['staffBankInSlips', tenant, status] as const,
  },
  staffJompay: {
    all: () => ['staffJompay'] as const,
    /** The JomPAY imports, newest first. */
    imports: () => ['staffJompay', 'imports'] as const,
    importDetail: (importId: string) => ['staffJompay', 'import', importId] as const,
  },
  master: {
    /** A drop-down list by its master API name (`races`, `banks`...). */
    list: (name: string) => ['master', 'list', name] as const,
    requiredFiles: (organizationType: OrganizationType) =>
      ['master', 'requiredFiles', organizationType] as const,
  },
};

export type QueryResource = keyof typeof queryKeys;

export const USER_SCOPED_RESOURCES: ReadonlySet<QueryResource> = new Set([
  'application',
  'files',
  'profile',
  'ekyc',
  'caseFile',
  'staffQueue',
  'staffAudit',
  'repayment',
  'staffJompay',
  'staffBankInSlips',
  'staffFinance',
  'staffProviders',
  'staffBusinessDate',
]);
