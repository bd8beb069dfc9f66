// Every operation of the OpenAPI document, called by every kind of caller, answers as the route's
// declared access rule (`x-access`) and the ownership table below say it must. An operation the
// rule and the table cannot place fails, so a new endpoint is held to this from its first day.
import { randomBytes, randomUUID } from 'node:crypto';

import { type LoginResponse, STAFF_ROLES, type StaffRole } from '@lending/contracts';
import { type AgreementStatus, readsIdentityNumbersWhole } from '@lending/domain';

import { createSealer } from '../crypto/sealed';
import { applications, applicationSections, organizations } from '../db/schema';
import {
  agreementWithParties,
  BORROWER_NRIC,
  director,
  guarantorIdOf,
} from '../testing/agreement-parties';
import { SANDBOX_PAYER } from '../testing/agreements';
import { applicationStore } from '../testing/application-store';
import {
  addStaff,
  type Caller,
  caller,
  nextIp,
  register,
  staffLogin,
} from '../testing/auth-helpers';
import { multipart, pdf } from '../testing/files';
import { databases, openTestApp, type TestApp } from '../testing/test-db';
import { type PersonalData, personalDataIn, wholeIdentityNumbersIn } from './answer-leaks';
import {
  type DeclaredAccess,
  fillPath,
  type Operation,
  operationsOf,
  plainQuery,
  plainValue,
} from './openapi-operations';

const DATA_KEY = randomBytes(32).toString('hex');
const sealer = createSealer(Buffer.from(DATA_KEY, 'hex'));

/** What one applicant owns; each is made on first use. */
interface Owned {
  userId: string;
  email: string;
  organizationId: string;
  /** A draft application. */
  applicationId: string;
  /** A submitted application, with an identity check started on it. */
  submittedApplicationId: string;
  ekycSessionId: string;
  fileId: string;
  /** An agreement of theirs, at the status the operation's entry asks for. */
  agreementId: string;
  /** The identity card number their agreement is made out to. */
  nric: string;
  /** A guarantor their application names, invited when they signed, and that guarantor's link. */
  guarantorId: string;
  guarantorLink: string;
  /** Their identity numbers (and those of the people their records name) and other details. */
  personal: PersonalData;
}
type Resource = Exclude<keyof Owned, 'guarantorLink' | 'personal'>;

/**
 * Operations whose path (or body) names something an applicant owns. For each: which parameter,
 * what it names, and what another applicant gets for it today (404: someone else's record looks
 * like none). A body, where the operation validates one, so the call reaches the ownership check.
 */
interface Ownership {
  owned: { in: 'path' | 'query' | 'body'; name: string; resource: Resource }[];
  body?: (owned: Owned) => Record<string, unknown>;
  /** What another applicant is answered. */
  refusal: 401 | 403 | 404;
  /** Where the owner's agreement stands (an agreement the borrower really signed: `SIGNED`). */
  agreement?: AgreementStatus | 'SIGNED';
  /**
   * A public operation that checks a token of its own: a session's (the owner, or staff) or a
   * guarantor's link (that guarantor only). Everyone else is refused, the anonymous included.
   */
  checks?: 'session' | 'guarantor-link';
  /** The error code another applicant's refusal carries: the ownership check's, nothing later. */
  refusalCode?: string;
  /** A "not found" the owner may get for something inside their record (no such booking). */
  ownerNotFound?: string;
}

const onAgreement = (
  agreement: Ownership['agreement'],
  body?: Ownership['body'],
  more: Partial<Ownership> = {},
): Ownership => ({
  owned: [{ in: 'path', name: 'agreementId', resource: 'agreementId' }],
  agreement,
  refusal: 404,
  refusalCode: 'AGREEMENT_NOT_FOUND',
  ...(body ? { body } : {}),
  ...more,
});
/** A document of the agreement, read with the session's bearer (never an address's token). */
const agreementDownload = (agreement: Ownership['agreement']): Ownership => onAgreement(agreement);
// Someone else's signing code never gets as far as being checked: a well-formed one is sent.
const signBody = () => ({ code: '123456', documentSha256: 'a'.repeat(64) });
const onGuarantor = (body?: Ownership['body']): Ownership => ({
  owned: [{ in: 'path', name: 'guarantorId', resource: 'guarantorId' }],
  agreement: 'SIGNED',
  refusal: 401,
  checks: 'guarantor-link',
  ...(body ? { body } : {}),
});

const OWNERSHIP: Record<string, Ownership> = {
  'GET /arkcash/api/v1.0/user/{userId}': {
    owned: [{ in: 'path', name: 'userId', resource: 'userId' }],
    refusal: 404,
  },
  'DELETE /arkcash/api/v1.0/user/{userId}': {
    owned: [{ in: 'path', name: 'userId', resource: 'userId' }],
    refusal: 404,
  },
  'PATCH /arkcash/api/v1.0/user/{userId}/email': {
    owned: [{ in: 'path', name: 'userId', resource: 'userId' }],
    body: () => ({ email: `moved.${randomUUID()}@example.com` }),
    refusal: 404,
  },
  'PATCH /arkcash/api/v1.0/user/{userId}/tinNumber': {
    owned: [{ in: 'path', name: 'userId', resource: 'userId' }],
    body: () => ({ tinNumber: 'IG12345678' }),
    refusal: 404,
  },
  'PATCH /arkcash/api/v1.0/user/application-created/{userId}': {
    owned: [{ in: 'path', name: 'userId', resource: 'userId' }],
    refusal: 404,
  },
  'POST /api/application': {
    owned: [{ in: 'body', name: 'organizationId', resource: 'organizationId' }],
    body: (owned) => ({
      organizationId: owned.organizationId,
      requestedAmountSen: 1_000_000,
      tenureMonths: 12,
      loanReasonId: 1,
    }),
    refusal: 404,
  },
  'GET /api/application/{applicationId}': {
    owned: [{ in: 'path', name: 'applicationId', resource: 'applicationId' }],
    refusal: 404,
  },
  'DELETE /api/application/{applicationId}': {
    owned: [{ in: 'path', name: 'applicationId', resource: 'applicationId' }],
    refusal: 404,
  },
  'GET /arkcash/api/v1.0/application/userId/{userId}': {
    owned: [{ in: 'path', name: 'userId', resource: 'userId' }],
    refusal: 404,
  },
  'PATCH /api/application/{applicationId}/loan': {
    owned: [{ in: 'path', name: 'applicationId', resource: 'applicationId' }],
    body: () => ({ requestedAmountSen: 1_000_000, tenureMonths: 12, loanReasonId: 1 }),
    refusal: 404,
  },
  'PATCH /api/application/{applicationId}/pending': {
    owned: [{ in: 'path', name: 'applicationId', resource: 'applicationId' }],
    refusal: 404,
  },
  'GET /api/loan-history/{applicationId}': {
    owned: [{ in: 'path', name: 'applicationId', resource: 'applicationId' }],
    refusal: 404,
  },
  'GET /api/organization/user/{userId}': {
    owned: [{ in: 'path', name: 'userId', resource: 'userId' }],
    refusal: 404,
  },
  'POST /api/organization/user/email': {
    owned: [{ in: 'body', name: 'email', resource: 'email' }],
    body: (owned) => ({ email: owned.email }),
    refusal: 404,
  },
  'PATCH /api/organization/{organizationId}/': {
    owned: [{ in: 'path', name: 'organizationId', resource: 'organizationId' }],
    body: () => ({ companyName: 'Taken Over Sdn Bhd' }),
    refusal: 404,
  },
  // Public by rule: the download checks the caller's bearer, or a link minted for the file.
  'GET /api/file/{fileId}': {
    owned: [{ in: 'path', name: 'fileId', resource: 'fileId' }],
    refusal: 404,
  },
  'POST /api/file/{fileId}/link': {
    owned: [{ in: 'path', name: 'fileId', resource: 'fileId' }],
    refusal: 404,
  },
  'DELETE /api/file/{fileId}': {
    owned: [{ in: 'path', name: 'fileId', resource: 'fileId' }],
    refusal: 404,
  },
  'GET /api/file/entity/{entityId}': {
    owned: [{ in: 'path', name: 'entityId', resource: 'applicationId' }],
    refusal: 404,
  },
  'POST /api/ekyc/start': {
    owned: [{ in: 'body', name: 'applicationId', resource: 'submittedApplicationId' }],
    body: (owned) => ({ applicationId: owned.submittedApplicationId, language: 'EN' }),
    refusal: 404,
  },
  'GET /api/ekyc/{sessionId}': {
    owned: [{ in: 'path', name: 'sessionId', resource: 'ekycSessionId' }],
    refusal: 404,
  },
  'POST /api/ekyc/{sessionId}/confirm': {
    owned: [{ in: 'path', name: 'sessionId', resource: 'ekycSessionId' }],
    refusal: 404,
  },
  'GET /api/psychometric/questions': {
    owned: [{ in: 'query', name: 'applicationId', resource: 'submittedApplicationId' }],
    refusal: 404,
  },
  'POST /api/psychometric/{applicationId}/answers': {
    owned: [{ in: 'path', name: 'applicationId', resource: 'submittedApplicationId' }],
    body: () => ({ attemptId: randomUUID(), answers: {} }),
    refusal: 404,
  },
  // The section saves name the application in a body too large to build here; the caller's own
  // applications are the only ones they reach (applications.test.ts holds that per section).
  'POST /api/application/companyDetails': { owned: [], refusal: 404 },
  'POST /api/application/applicantDetails': { owned: [], refusal: 404 },
  'POST /api/application/disbursementDetails': { owned: [], refusal: 404 },
  'POST /api/application/emergencyContactDetails': { owned: [], refusal: 404 },
  'POST /api/application/directorDetails': { owned: [], refusal: 404 },
  // The upload names its application inside multipart form data (files.test.ts holds it).
  'POST /arkcash/api/v1.0/file': { owned: [], refusal: 404 },

  // The offer.
  'GET /api/agreement/{agreementId}': onAgreement('LOANAPPLICATIONAPPROVED'),
  'PATCH /api/agreement/update-loan-amount/{agreementId}': onAgreement(
    'LOANAPPLICATIONAPPROVED',
    () => ({ version: 1, amountSen: 500_000, loanProtection: false }),
  ),
  'POST /api/agreement/{agreementId}/accept': onAgreement('LOANAPPLICATIONAPPROVED', () => ({
    version: 1,
  })),
  'POST /api/agreement/{agreementId}/decline': onAgreement('LOANAPPLICATIONAPPROVED', () => ({
    version: 1,
  })),
  // Attestation.
  'GET /api/attestation/{agreementId}': onAgreement('PENDING_ATTESTATION'),
  'POST /api/attestation/{agreementId}/option': onAgreement('PENDING_ATTESTATION', () => ({
    option: 'VIDEO',
  })),
  'POST /api/attestation/{agreementId}/video/started': onAgreement('ATTESTATIONOPTION'),
  'POST /api/attestation/{agreementId}/video/ended': onAgreement(
    'ATTESTATIONOPTION',
    () => ({ viewingId: randomUUID() }),
    { ownerNotFound: 'VIDEO_NOT_FOUND' },
  ),
  'POST /api/attestation/{agreementId}/check': onAgreement('ATTESTATIONOPTION', () => ({
    answers: [
      { questionId: 'AMOUNT_RECEIVED', choice: 'a', answeredAfterMs: 5_000 },
      { questionId: 'MONTHLY_INSTALMENT', choice: 'a', answeredAfterMs: 5_000 },
      { questionId: 'TOTAL_REPAYABLE', choice: 'a', answeredAfterMs: 5_000 },
      { questionId: 'LATE_PAYMENT', choice: 'a', answeredAfterMs: 5_000 },
    ],
  })),
  'GET /api/attestation/{agreementId}/slots': onAgreement('ATTESTATIONOPTION'),
  'POST /api/attestation/{agreementId}/booking': onAgreement('ATTESTATIONOPTION', () => ({
    slotId: randomUUID(),
  })),
  'PUT /api/attestation/{agreementId}/booking': onAgreement('ATTESTATIONOPTION', () => ({
    slotId: randomUUID(),
  })),
  'DELETE /api/attestation/{agreementId}/booking': onAgreement('ATTESTATIONOPTION', undefined, {
    ownerNotFound: 'BOOKING_NOT_FOUND',
  }),
  // The direct debit mandate.
  'GET /api/agreement/{agreementId}/direct-debit': onAgreement('RnRApproved'),
  'POST /api/agreement/{agreementId}/direct-debit': onAgreement('RnRApproved', () => ({
    ...SANDBOX_PAYER,
  })),
  // Documents: the borrower's (or staff's) bearer.
  'GET /api/agreement/{agreementId}/preview/download': agreementDownload('PENDING_SIGNING'),
  'GET /api/agreement/{agreementId}/preview/pdpNotice/download':
    agreementDownload('PENDING_SIGNING'),
  'GET /api/agreement/{agreementId}/preview/loanTnc/download': agreementDownload('PENDING_SIGNING'),
  'GET /api/agreement/{agreementId}/e-certificate/download': agreementDownload('SIGNED'),
  // The certificate authority holds the certificate of the borrower named in their agreement.
  'POST /arkcash/api/v1.0/trustGate/cert': {
    owned: [{ in: 'body', name: 'nric', resource: 'nric' }],
    body: (owned) => ({ nric: owned.nric }),
    agreement: 'PENDING_SIGNING',
    refusal: 404,
  },
  'POST /arkcash/api/v1.0/trustGate/enrol': {
    owned: [{ in: 'body', name: 'nric', resource: 'nric' }],
    body: (owned) => ({ nric: owned.nric }),
    agreement: 'PENDING_SIGNING',
    refusal: 404,
  },
  // Signing.
  'GET /api/agreement/{agreementId}/signing': onAgreement('PENDING_SIGNING'),
  'GET /api/agreement/{agreementId}/signing/document': onAgreement('PENDING_SIGNING'),
  'GET /api/agreement/{agreementId}/signing/documents/{kind}': onAgreement('PENDING_SIGNING'),
  'POST /api/agreement/{agreementId}/request-tac': onAgreement('PENDING_SIGNING'),
  'POST /api/agreement/{agreementId}/sign': onAgreement('PENDING_SIGNING', signBody),
  // The loan account after payout. The matrix's agreements have no account (disbursement opens
  // it) and its files are no receipts, so the owner is told "not found" too: the repayments suite
  // holds the owner's own reads to 200.
  ...Object.fromEntries(
    [
      'schedule',
      'payments',
      'amount-due',
      'early-settlement',
      'letters',
      'jompay',
      'messages',
      'bank-in-slips',
    ].map((leaf) => [
      `GET /arkcash/api/v1.0/repayment/{agreementId}/${leaf}`,
      onAgreement('PENDING_DISBURSEMENT', undefined, {
        refusalCode: 'LOAN_ACCOUNT_NOT_FOUND',
        ownerNotFound: 'LOAN_ACCOUNT_NOT_FOUND',
      }),
    ]),
  ),
  // A bank-in slip is sent for a loan being repaid: the loan is looked up before the form is read
  // (the bank-in slips suite sends the owner's own).
  'POST /arkcash/api/v1.0/repayment/{agreementId}/bank-in-slips': onAgreement(
    'PENDING_DISBURSEMENT',
    undefined,
    { refusalCode: 'LOAN_ACCOUNT_NOT_FOUND', ownerNotFound: 'LOAN_ACCOUNT_NOT_FOUND' },
  ),
  'GET /arkcash/api/v1.0/statement-of-account/{agreementId}/{language}': onAgreement(
    'PENDING_DISBURSEMENT',
    undefined,
    { refusalCode: 'LOAN_ACCOUNT_NOT_FOUND', ownerNotFound: 'LOAN_ACCOUNT_NOT_FOUND' },
  ),
  'GET /arkcash/api/v1.0/payment-receipt/{fileId}': {
    owned: [{ in: 'path', name: 'fileId', resource: 'fileId' }],
    refusal: 404,
    refusalCode: 'RECEIPT_NOT_FOUND',
    ownerNotFound: 'RECEIPT_NOT_FOUND',
  },
  // Discharge letters: the matrix's agreements have no closed account and its files are no
  // letters; the owner is told "not found" too (the discharge letters suite reads its own).
  'GET /arkcash/api/v1.0/repayment/{agreementId}/discharge-letters': onAgreement(
    'PENDING_DISBURSEMENT',
    undefined,
    { refusalCode: 'DISCHARGE_LETTER_NOT_FOUND', ownerNotFound: 'DISCHARGE_LETTER_NOT_FOUND' },
  ),
  'GET /arkcash/api/v1.0/discharge-letter/{letterId}': {
    owned: [{ in: 'path', name: 'letterId', resource: 'fileId' }],
    refusal: 404,
    refusalCode: 'DISCHARGE_LETTER_NOT_FOUND',
    ownerNotFound: 'DISCHARGE_LETTER_NOT_FOUND',
  },
  // Refund letters: the matrix's agreements have no account and its files are no refunds; the
  // owner is told "not found" too (the credit refunds suite reads its own).
  'GET /arkcash/api/v1.0/repayment/{agreementId}/refund-letters': onAgreement(
    'PENDING_DISBURSEMENT',
    undefined,
    { refusalCode: 'REFUND_LETTER_NOT_FOUND', ownerNotFound: 'REFUND_LETTER_NOT_FOUND' },
  ),
  'GET /arkcash/api/v1.0/refund-letter/{refundId}': {
    owned: [{ in: 'path', name: 'refundId', resource: 'fileId' }],
    refusal: 404,
    refusalCode: 'REFUND_LETTER_NOT_FOUND',
    ownerNotFound: 'REFUND_LETTER_NOT_FOUND',
  },
  // Paying online: a loan not yet paid out has nothing to pay (the owner is told so, 409); the
  // payments-gateway suite pays on disbursed loans.
  'GET /arkcash/api/v1.0/razer/due-now': {
    owned: [{ in: 'query', name: 'agreementId', resource: 'agreementId' }],
    refusal: 404,
    refusalCode: 'AGREEMENT_NOT_FOUND',
  },
  'POST /arkcash/api/v1.0/razer': {
    owned: [{ in: 'body', name: 'agreementId', resource: 'agreementId' }],
    body: (owned) => ({ agreementId: owned.agreementId, channel: 'FPX' }),
    refusal: 404,
    refusalCode: 'AGREEMENT_NOT_FOUND',
  },
  // A guarantor's own signing, by their link.
  'POST /api/agreement/guarantor/{guarantorId}/ekyc': onGuarantor(),
  'GET /api/agreement/guarantor/{guarantorId}/preview/download': onGuarantor(),
  'GET /api/agreement/guarantor/{guarantorId}/documents/{kind}': onGuarantor(),
  'POST /api/agreement/guarantor/{guarantorId}/request-tac': onGuarantor(),
  'POST /api/agreement/guarantor/{guarantorId}/sign': onGuarantor(signBody),
};

/** Path, query or body names that identify someone's record; a non-public operation using one
 *  must be in the ownership table. */
const OWNED_NAMES =
  /^(userId|applicationId|organizationId|fileId|entityId|sessionId|email|agreementId|guarantorId|nric|viewingId|slotId|bookingId)$/;

type CallerKind =
  | { kind: 'anonymous' }
  | { kind: 'owner' }
  | { kind: 'other-applicant' }
  | { kind: 'staff'; role: StaffRole }
  /** A guarantor of someone else's agreement, with their own link. */
  | { kind: 'guarantor' }
  /** The guarantor the operation names, with their link. */
  | { kind: 'own-guarantor' };

// Another applicant before the owner: their refusal counts only while the record exists. Staff
// after the owner: an admin deleting the owner would leave the owner's own call nothing to show.
const CALLERS: CallerKind[] = [
  { kind: 'anonymous' },
  { kind: 'other-applicant' },
  { kind: 'guarantor' },
  { kind: 'owner' },
  { kind: 'own-guarantor' },
  ...STAFF_ROLES.map((role) => ({ kind: 'staff' as const, role })),
];

let businesses = 0;
function businessNumber(): string {
  businesses += 1;
  return `202003${String(businesses + (process.pid % 1000) * 1000).padStart(6, '0')}`;
}

const NO_AGREEMENT = { agreementId: '', nric: '', guarantorId: '', guarantorLink: '' };

/** A MyKad number of one applicant's own, so an answer showing it is told apart. */
function identityNumber(): string {
  return `900101${String(randomBytes(3).readUIntBE(0, 3) % 1_000_000).padStart(6, '0')}`;
}

/** Staff roles that read identity numbers masked only (the one rule of `@lending/domain`). */
const MASKED_READERS: readonly StaffRole[] = STAFF_ROLES.filter(
  (role) => !readsIdentityNumbersWhole({ kind: 'staff', roles: [role] }),
);

const nameOf = (who: CallerKind) => (who.kind === 'staff' ? who.role : who.kind);

type Expectation =
  | { allowed: true }
  /** Anyone may call it; it may still check a token of its own (a download link). */
  | { public: true }
  | { allowed: false; status: number[] }
  | { unknown: string };

/** What the rule (and the ownership table) say this caller must get. */
function expected(operation: Operation, who: CallerKind): Expectation {
  const rule: DeclaredAccess | undefined = operation.access;
  if (!rule) return { unknown: 'the operation carries no x-access rule' };
  const ownership = OWNERSHIP[operation.key];
  // A link is no session: it opens nothing but its own guarantor's signing.
  if (who.kind === 'guarantor' || who.kind === 'own-guarantor') {
    if (rule.kind !== 'public') return { allowed: false, status: [401] };
    if (ownership?.checks === 'guarantor-link') {
      return who.kind === 'own-guarantor' ? { allowed: true } : { allowed: false, status: [404] };
    }
    return ownership?.owned.length ? { allowed: false, status: [401] } : { public: true };
  }
  if (rule.kind === 'public' && ownership?.checks === 'guarantor-link') {
    return { allowed: false, status: [401] };
  }
  if (rule.kind === 'public' && ownership?.checks === 'session') {
    if (who.kind === 'anonymous') return { allowed: false, status: [401] };
    if (who.kind === 'other-applicant') return { allowed: false, status: [ownership.refusal] };
    return { allowed: true };
  }
  if (rule.kind === 'public') {
    return who.kind === 'other-applicant' && ownership?.owned.length
      ? { allowed: false, status: [ownership.refusal] }
      : { public: true };
  }
  if (who.kind === 'anonymous') return { allowed: false, status: [401] };
  const rolesAdmit = (role: StaffRole) => !rule.roles?.length || rule.roles.includes(role);
  switch (rule.kind) {
    case 'applicant':
      if (who.kind === 'owner') return { allowed: true };
      if (who.kind === 'other-applicant') {
        return ownership?.owned.length
          ? { allowed: false, status: [ownership.refusal] }
          : { allowed: true };
      }
      return { allowed: false, status: [403] };
    case 'staff':
      if (who.kind === 'staff' && rolesAdmit(who.role)) return { allowed: true };
      return { allowed: false, status: [403] };
    case 'applicant-or-staff':
      if (who.kind === 'owner') return { allowed: true };
      if (who.kind === 'other-applicant') {
        return ownership?.owned.length
          ? { allowed: false, status: [ownership.refusal] }
          : { allowed: true };
      }
      if (who.kind === 'staff')
        return rolesAdmit(who.role) ? { allowed: true } : { allowed: false, status: [403] };
      return { allowed: false, status: [403] };
    default:
      return { unknown: `no expectation for access kind "${rule.kind}"` };
  }
}

/** Why the operation cannot be checked as it stands, or null when it can. */
function unplaced(operation: Operation): string | null {
  const first = expected(operation, { kind: 'anonymous' });
  if ('unknown' in first) return first.unknown;
  if (operation.access?.kind === 'public') return null;
  const ownedNames = [
    ...operation.parameters.filter((p) => p.in !== 'header').map((p) => p.name),
    ...Object.keys(operation.jsonBody?.properties ?? {}),
  ].filter((name) => OWNED_NAMES.test(name));
  const isStaffOnly = operation.access?.kind === 'staff';
  if (ownedNames.length > 0 && !isStaffOnly && !OWNERSHIP[operation.key]) {
    return `names ${ownedNames.join(', ')} but is not in the ownership table`;
  }
  return null;
}

describe.each(databases())('authorization matrix from the OpenAPI document on %s', (kind) => {
  let t: TestApp;
  let call: Caller;
  let operations: Operation[];
  const staffTokens = new Map<StaffRole, string>();
  let other: LoginResponse;
  let loanReasonId = 1;
  let strangerLink = '';

  beforeAll(async () => {
    t = await openTestApp(kind, { dataKey: DATA_KEY });
    call = caller(t.app);
    operations = operationsOf(t.app);
    for (const role of STAFF_ROLES) {
      const email = `${role.toLowerCase()}@matrix.test`;
      await addStaff(t.db.orm, email, `${role} password`, [role]);
      staffTokens.set(role, (await staffLogin(call, email, `${role} password`)).accessToken);
    }
    other = (await register(call)).session;
    const reasons = await call('GET', '/api/loanReason');
    loanReasonId = (reasons.body as { id: number }[])[0]!.id;
    // A guarantor of another borrower's agreement: invited, and holding a live link.
    const theirs = await agreementWithParties(t.app, t.db.orm, call, sealer, 'SIGNED', [
      director('Mei Ling'),
    ]);
    strangerLink = theirs.links[0]!;
    // An approval, an agreement and a signature: more than the 30 s a hook gets by default on a
    // busy machine.
  }, 120_000);
  afterAll(() => t.close());

  /** A fresh applicant with their records: no operation sees what another one changed. */
  async function newOwner(agreement: Ownership['agreement'] = 'LOANAPPLICATIONAPPROVED'): Promise<{
    token: () => string;
    owned: (resources: Resource[]) => Promise<Owned>;
  }> {
    const { session } = await register(call);
    let token = session.accessToken;
    const userId = session.userDetails!.id;
    let made: Promise<Owned> | undefined;
    const nric = identityNumber();
    const companyName = `Kedai Runcit ${randomBytes(4).toString('hex')}`;
    const personal = (email: string): PersonalData => ({
      identityNumbers: [nric],
      details: [email, companyName],
    });
    const organization = async () => {
      const [row] = await t.db.orm
        .insert(organizations)
        .values({
          tenant: 'arkcash',
          userId,
          organizationType: 'SOLE_PROP',
          companyName,
          newBusinessRegistrationNo: businessNumber(),
          applicantName: 'Aisyah',
          applicantEmail: `owner.${userId}@example.com`,
          applicantIdentityCardType: 'MYKAD',
          applicantIdentityCardSealed: sealer.seal(nric),
        })
        .returning();
      return row!;
    };
    // One open application per applicant: an operation gets either a draft (with a document)
    // or a submitted one (with an identity check started), never both.
    const withDraft = async (): Promise<Owned> => {
      const org = await organization();
      const draft = await call('POST', '/api/application', {
        token: session.accessToken,
        body: { requestedAmountSen: 1_000_000, tenureMonths: 12, loanReasonId },
      });
      if (draft.status !== 201) throw new Error(`application answered ${draft.status}`);
      const upload = multipart([
        { name: 'applicationId', value: draft.body.id as string },
        { name: 'fileType', value: 'SSM_DOCUMENT' },
        { name: 'file', file: { filename: 'ssm.pdf', content: pdf() } },
      ]);
      const file = await t.app.inject({
        method: 'POST',
        url: '/arkcash/api/v1.0/file',
        headers: {
          'content-type': upload.contentType,
          authorization: `Bearer ${session.accessToken}`,
        },
        payload: upload.payload,
        remoteAddress: nextIp(),
      });
      if (file.statusCode !== 201) throw new Error(`upload answered ${file.statusCode}`);
      return {
        userId,
        email: org.applicantEmail,
        organizationId: org.id,
        applicationId: draft.body.id as string,
        submittedApplicationId: '',
        ekycSessionId: '',
        fileId: (file.json() as { id: string }).id,
        ...NO_AGREEMENT,
        personal: personal(org.applicantEmail),
      };
    };
    const withSubmitted = async (): Promise<Owned> => {
      const org = await organization();
      const [submitted] = await t.db.orm
        .insert(applications)
        .values({
          tenant: 'arkcash',
          userId,
          organizationId: org.id,
          referenceNo: `MATRIX-${randomBytes(5).toString('hex')}`,
          status: 'DRAFT',
        })
        .returning();
      await t.db.orm.insert(applicationSections).values({
        applicationId: submitted!.id,
        section: 'applicant',
        sealedData: sealer.sealJson({
          name: 'Aisyah',
          identityCardType: 'MYKAD',
          identityCardNo: nric,
          dateOfBirth: '1990-01-01',
          gender: 'MALE',
        }),
      });
      await applicationStore(t.db.orm).changeStatus({
        applicationId: submitted!.id,
        to: 'PENDING',
        actor: 'applicant',
        actorRef: `user:${userId}`,
      });
      const ekyc = await call('POST', '/api/ekyc/start', {
        token: session.accessToken,
        body: { applicationId: submitted!.id, language: 'EN' },
      });
      if (ekyc.status !== 201) throw new Error(`ekyc start answered ${ekyc.status}`);
      return {
        userId,
        email: org.applicantEmail,
        organizationId: org.id,
        applicationId: '',
        submittedApplicationId: submitted!.id,
        ekycSessionId: (ekyc.body.sessionId ?? ekyc.body.id) as string,
        fileId: '',
        ...NO_AGREEMENT,
        personal: personal(org.applicantEmail),
      };
    };
    // An agreement is an approved applicant's: they become the owner.
    const withAgreement = async (resources: Resource[]): Promise<Owned> => {
      const guarantor = director('Farid bin Osman');
      const named = resources.includes('guarantorId') ? [guarantor] : [];
      const made = await agreementWithParties(t.app, t.db.orm, call, sealer, agreement, named);
      token = made.borrower.token;
      return {
        userId: made.borrower.userId,
        email: made.borrower.email,
        organizationId: '',
        applicationId: made.agreement.applicationId,
        submittedApplicationId: '',
        ekycSessionId: '',
        fileId: '',
        agreementId: made.agreement.id,
        nric: BORROWER_NRIC,
        guarantorId: made.links[0] ? await guarantorIdOf(call, made.links[0]) : '',
        guarantorLink: made.links[0] ?? '',
        personal: {
          identityNumbers: [BORROWER_NRIC, ...named.map((one) => one.identityCardNo)],
          details: [made.borrower.email],
        },
      };
    };
    const make = (resources: Resource[]) =>
      resources.some((r) => r === 'agreementId' || r === 'nric' || r === 'guarantorId')
        ? withAgreement(resources)
        : resources.some((r) => r === 'submittedApplicationId' || r === 'ekycSessionId')
          ? withSubmitted()
          : withDraft();
    return { token: () => token, owned: (resources) => (made ??= make(resources)) };
  }

  it('places every operation: a rule, and an ownership entry wherever a record is named', () => {
    const problems = operations
      .map((operation) => [operation.key, unplaced(operation)] as const)
      .filter(([, problem]) => problem !== null)
      .map(([key, problem]) => `${key}: ${problem}`);
    expect(problems).toEqual([]);
    // Entries for operations that are gone would hide a rename.
    const keys = new Set(operations.map((operation) => operation.key));
    expect(Object.keys(OWNERSHIP).filter((key) => !keys.has(key))).toEqual([]);
  });

  it("keeps the agreement's back-office routes to the roles that work on them", () => {
    // The matrix holds each route to its declared rule; this holds the rule itself, so that a
    // widened one (customer service reviewing attestations) fails here first.
    const declared = Object.fromEntries(
      operations
        .filter((operation) => operation.path.startsWith('/api/staff/attestation'))
        .map((operation) => [operation.key, [...(operation.access?.roles ?? [])].sort()]),
    );
    const reviewers = ['ADMIN', 'APPROVER', 'CREDIT_OFFICER'];
    const officers = ['ADMIN', 'CREDIT_OFFICER'];
    expect(declared).toEqual({
      'GET /api/staff/attestation/reviews': reviewers,
      'GET /api/staff/attestation/reviews/{agreementId}': reviewers,
      'POST /api/staff/attestation/reviews/{agreementId}/complete': reviewers,
      'POST /api/staff/attestation/reviews/{agreementId}/approve': reviewers,
      'GET /api/staff/attestation/slots': officers,
      'POST /api/staff/attestation/slots': officers,
      'DELETE /api/staff/attestation/slots/{slotId}': officers,
      'POST /api/staff/attestation/bookings/{bookingId}/outcome': officers,
      'GET /api/staff/attestation/videos': ['ADMIN'],
      'PUT /api/staff/attestation/video/{language}': ['ADMIN'],
    });
  });

  it('keeps JomPAY imports to finance and admins, and the collection officers list to assigners', () => {
    const declared = Object.fromEntries(
      operations
        .filter(
          (operation) =>
            operation.path.startsWith('/api/admin/jompay') ||
            operation.path === '/api/admin/collections/officers',
        )
        .map((operation) => [operation.key, [...(operation.access?.roles ?? [])].sort()]),
    );
    const finance = ['ADMIN', 'FINANCE'];
    expect(declared).toEqual({
      'GET /api/admin/jompay/imports': finance,
      'POST /api/admin/jompay/imports': finance,
      'GET /api/admin/jompay/imports/{importId}': finance,
      'POST /api/admin/jompay/sandbox-file': finance,
      'GET /api/admin/collections/officers': ['ADMIN', 'CREDIT_OFFICER'],
    });
  });

  it('keeps master setup to admins, and its video player to those who review evidence', () => {
    const declared = Object.fromEntries(
      operations
        .filter((operation) => /^\/arkcash\/admin\/api\/v1\.0\/(file|video)\b/.test(operation.path))
        .map((operation) => [operation.key, [...(operation.access?.roles ?? [])].sort()]),
    );
    expect(declared).toEqual({
      'POST /arkcash/admin/api/v1.0/file': ['ADMIN'],
      'GET /arkcash/admin/api/v1.0/file/entity/{entityId}': ['ADMIN'],
      'GET /arkcash/admin/api/v1.0/file/{fileId}': ['ADMIN'],
      'POST /arkcash/admin/api/v1.0/file/{fileId}/activate': ['ADMIN'],
      'GET /arkcash/admin/api/v1.0/video/file/{fileId}': ['ADMIN', 'APPROVER', 'CREDIT_OFFICER'],
    });
  });

  it('keeps the borrower ledger and the regulator’s return to the roles that read accounts', () => {
    // Both take a borrower's records out of the lender: the rule itself is held here, so that
    // a widened or narrowed one fails first, and the matrix below calls each as every caller.
    const declared = Object.fromEntries(
      operations
        .filter(
          (operation) =>
            operation.path.startsWith('/arkcash/admin/api/v1.0/borrower-ledger/') ||
            operation.path.startsWith('/arkcash/admin/api/v1.0/regulator/'),
        )
        .map((operation) => [
          operation.key,
          [operation.access?.kind, [...(operation.access?.roles ?? [])].sort()],
        ]),
    );
    // Finance reads the books too (it refunds credit left on closed accounts).
    const readers = ['ADMIN', 'APPROVER', 'CREDIT_OFFICER', 'CUSTOMER_SERVICE', 'FINANCE'];
    expect(declared).toEqual({
      'GET /arkcash/admin/api/v1.0/borrower-ledger/{agreementId}/pdf/{language}': [
        'staff',
        readers,
      ],
      'GET /arkcash/admin/api/v1.0/borrower-ledger/{agreementId}/csv': ['staff', readers],
      'GET /arkcash/admin/api/v1.0/regulator/ideal-export': ['staff', readers],
    });
  });

  it('keeps the providers page to admins, and the vendors’ callbacks to their own proof', async () => {
    const declared = Object.fromEntries(
      operations
        .filter(
          (operation) =>
            operation.path.startsWith('/api/admin/providers') ||
            operation.path.startsWith('/api/providers/') ||
            operation.path.startsWith('/api/meetings/'),
        )
        .map((operation) => [
          operation.key,
          [operation.access?.kind, [...(operation.access?.roles ?? [])].sort()],
        ]),
    );
    expect(declared).toEqual({
      'GET /api/admin/providers': ['staff', ['ADMIN']],
      'GET /api/meetings/join/{key}': ['public', []],
      'POST /api/providers/sms/receipts': ['public', []],
      'POST /api/providers/estamp/webhooks': ['public', []],
      'POST /api/providers/meeting/webhooks': ['public', []],
    });
    // What the page answers names the settings of every provider but holds no secret's value.
    const answer = await call('GET', '/api/admin/providers', { token: staffTokens.get('ADMIN') });
    expect(answer.status).toBe(200);
    const settings = (
      answer.body as { services: { settings: Record<string, unknown>[] }[] }
    ).services.flatMap((service) => service.settings);
    expect(settings.filter((setting) => setting.secret === true && 'value' in setting)).toEqual([]);
  });

  it('keeps the contact inbox to customer service and admins, and its words out of refusals', async () => {
    const declared = Object.fromEntries(
      operations
        .filter((operation) => operation.path.startsWith('/api/admin/contact-messages'))
        .map((operation) => [operation.key, [...(operation.access?.roles ?? [])].sort()]),
    );
    const workers = ['ADMIN', 'CUSTOMER_SERVICE'];
    expect(declared).toEqual({
      'GET /api/admin/contact-messages': workers,
      'GET /api/admin/contact-messages/{messageId}': workers,
      'POST /api/admin/contact-messages/{messageId}/assign': workers,
      'POST /api/admin/contact-messages/{messageId}/replies': workers,
      'POST /api/admin/contact-messages/{messageId}/replies/{replyId}/send': workers,
      'POST /api/admin/contact-messages/{messageId}/close': workers,
    });
    const sender = `matrix.sender.${randomUUID()}@example.com`;
    const sent = await call('POST', '/arkcash/api/v1.0/contact-us', {
      body: { email: sender, comments: 'A question only the inbox may read', language: 'EN' },
    });
    const messageId = sent.body.id as string;
    for (const role of STAFF_ROLES) {
      const token = staffTokens.get(role)!;
      const list = await call(
        'GET',
        `/api/admin/contact-messages?q=${encodeURIComponent(sender)}`,
        {
          token,
        },
      );
      const one = await call('GET', `/api/admin/contact-messages/${messageId}`, { token });
      if (workers.includes(role)) {
        expect([
          role,
          list.status,
          list.body.data.map((item: { email: string }) => item.email),
        ]).toEqual([role, 200, [sender]]);
        expect([role, one.status, one.body.comments]).toEqual([
          role,
          200,
          'A question only the inbox may read',
        ]);
      } else {
        for (const refused of [list, one]) {
          expect([role, refused.status, refused.body]).toEqual([
            role,
            403,
            { statusCode: 403, error: 'Forbidden', message: 'Forbidden', code: 'FORBIDDEN' },
          ]);
        }
      }
    }
    for (const token of [other.accessToken, strangerLink, null]) {
      const refused = await call('GET', `/api/admin/contact-messages/${messageId}`, { token });
      expect(JSON.stringify(refused.body)).not.toContain('only the inbox');
      expect(refused.body.code).toBe(
        token === null || token === strangerLink ? 'UNAUTHENTICATED' : 'FORBIDDEN',
      );
    }
  });

  it('answers every caller of every operation as its rule says', async () => {
    const mismatches: string[] = [];
    let calls = 0;
    const started = Date.now();
    for (const operation of operations) {
      if (unplaced(operation)) continue;
      const ownership = OWNERSHIP[operation.key];
      const owner = await newOwnerIfNeeded(operation, ownership);
      const owned =
        owner && ownership?.owned.length
          ? await owner.owned(ownership.owned.map((entry) => entry.resource))
          : undefined;
      // A back-office read names a real applicant's records, so what it shows can be checked.
      const subject = staffRead(operation) ? await staffSubject() : undefined;
      const values = (where: 'path' | 'query') => ({
        ...(where === 'path' && subject
          ? { applicationId: subject.submittedApplicationId, userId: subject.userId }
          : {}),
        ...Object.fromEntries(
          (ownership?.owned ?? [])
            .filter((entry) => entry.in === where && owned)
            .map((entry) => [entry.name, String(owned![entry.resource])]),
        ),
      });
      const personal = (owned ?? subject)?.personal;
      const url = fillPath(operation, values('path')) + plainQuery(operation, values('query'));
      const body = operation.jsonBody
        ? owned && ownership?.body
          ? ownership.body(owned)
          : plainValue(operation.jsonBody)
        : undefined;
      for (const who of CALLERS) {
        const token = tokenOf(who, owner?.token(), owned);
        if (token === undefined) continue;
        const answer = await call(operation.method, url, { token, body });
        calls += 1;
        const expectation = expected(operation, who);
        const label = `${operation.key} as ${nameOf(who)}: ${answer.status}`;
        // What the answer shows, whatever its status: nobody else's data to another person,
        // and no whole identity number to staff who read them masked.
        if (personal && (who.kind === 'other-applicant' || who.kind === 'guarantor')) {
          const shown = personalDataIn(answer.body, personal);
          if (shown.length) mismatches.push(`${label} shows the owner's ${shown.join(', ')}`);
        }
        if (personal && who.kind === 'staff' && MASKED_READERS.includes(who.role)) {
          const shown = wholeIdentityNumbersIn(answer.body, personal);
          if (shown.length) mismatches.push(`${label} shows a whole identity number`);
        }
        if (answer.status >= 500) mismatches.push(`${label} (a server error)`);
        else if ('unknown' in expectation) mismatches.push(`${label} (${expectation.unknown})`);
        else if ('public' in expectation) continue;
        else if (expectation.allowed && (answer.status === 401 || answer.status === 403)) {
          mismatches.push(`${label}, but the rule lets this caller in`);
        } else if (
          expectation.allowed &&
          (who.kind === 'owner' || who.kind === 'own-guarantor') &&
          ownership?.owned.length &&
          answer.status === ownership.refusal &&
          !(ownership.ownerNotFound && answer.body?.code === ownership.ownerNotFound)
        ) {
          mismatches.push(`${label}: the owner is refused their own record`);
        } else if (!expectation.allowed && !expectation.status.includes(answer.status)) {
          mismatches.push(`${label}, expected ${expectation.status.join(' or ')}`);
        } else if (
          who.kind === 'other-applicant' &&
          ownership?.refusalCode &&
          answer.body?.code !== ownership.refusalCode
        ) {
          mismatches.push(`${label} ${answer.body?.code}, expected ${ownership.refusalCode}`);
        }
      }
      // An access token in the address opens nothing, on any operation, public ones included.
      const admin = staffTokens.get('ADMIN')!;
      for (const [name, token] of [
        ['token', owner?.token() ?? other.accessToken],
        ['access_token', admin],
      ] as const) {
        const inAddress = `${url}${url.includes('?') ? '&' : '?'}${name}=${token}`;
        const answer = await call(operation.method, inAddress, { body });
        calls += 1;
        if (answer.status !== 401 || answer.body?.code !== 'TOKEN_IN_ADDRESS') {
          mismatches.push(`${operation.key} with ?${name}=: ${answer.status}, expected 401`);
        }
      }
    }
    process.stdout.write(
      `authorization matrix: ${operations.length} operations x ${CALLERS.length} callers, ` +
        `${calls} calls in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
    );
    expect(mismatches).toEqual([]);
  }, 600_000);

  /** A back-office read that names an application or a user. */
  const staffRead = (operation: Operation) =>
    operation.method === 'GET' &&
    operation.access?.kind === 'staff' &&
    /\{(applicationId|userId)\}/.test(operation.path);
  let subjectOwned: Promise<Owned> | undefined;
  /** The applicant whose submitted application and account the back-office reads name. */
  const staffSubject = async () =>
    (subjectOwned ??= newOwner().then((one) => one.owned(['submittedApplicationId'])));

  let sharedOwner: Awaited<ReturnType<typeof newOwner>> | undefined;
  /** Operations on owned records get a fresh owner each; the rest share one. */
  async function newOwnerIfNeeded(operation: Operation, ownership: Ownership | undefined) {
    if (ownership?.owned.length) return newOwner(ownership.agreement);
    if (operation.access?.kind === 'public') return undefined;
    return (sharedOwner ??= await newOwner());
  }

  function tokenOf(
    who: CallerKind,
    owner: string | undefined,
    owned: Owned | undefined,
  ): string | null | undefined {
    switch (who.kind) {
      case 'anonymous':
        return null;
      case 'owner':
        return owner ?? null;
      case 'other-applicant':
        return other.accessToken;
      case 'staff':
        return staffTokens.get(who.role);
      case 'guarantor':
        return strangerLink;
      case 'own-guarantor':
        // Only where the operation names a guarantor is there one to call as.
        return owned?.guarantorLink || undefined;
    }
  }
});
