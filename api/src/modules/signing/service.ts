// Signing: the borrower signs the frozen agreement with a one-time SMS code; each guarantor then
// verifies their identity and signs through their own link; once every required guarantor has,
// the documents are closed (audit page, lender's seal, stamping) and the agreement waits for
// disbursement. Every step is one transaction with the status change and the audit row.
import { randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';

import {
  BORROWER_SIGNING_DOCUMENTS,
  GUARANTOR_SIGNING_DOCUMENTS,
  type GuarantorEkycStarted,
  type GuarantorLinkState,
  type GuarantorProgress,
  type Language,
  SIGNING_CODE_LIFETIME_MS,
  SIGNING_CODE_MAX_ATTEMPTS,
  SIGNING_CODES_PER_DAY,
  SIGNING_RESEND_AFTER_MS,
  type SigningCodeSent,
  type SigningDocument,
  type SigningDocumentKind,
  type SigningState,
} from '@lending/contracts';

import type { EkycProvider } from '../../adapters/ekyc/port';
import { normaliseIdentityCardNo } from '../../adapters/ekyc/port';
import type { EmailSender } from '../../adapters/email/port';
import type { SmsSender } from '../../adapters/sms/port';
import type { Sealer } from '../../crypto/sealed';
import type { Orm } from '../../db/database';
import { writeAudit } from '../../kernel/audit';
import type { Clock } from '../../kernel/clock';
import { HttpError, type Sentence, sentence } from '../../kernel/errors';
import type { PublicUrl } from '../../kernel/public-url';
import type { OrmTransaction } from '../../kernel/transaction';
import type { AgreementDocuments, GuarantorParty, Signer } from '../agreements/documents-port';
import type { AgreementService } from '../agreements/service';
import { maskPhone } from '../verification/messages';
import {
  ALREADY_SIGNED,
  CODE_EXPIRED,
  CODE_LIMIT,
  DOCUMENTS_NOT_OPENED,
  GUARANTOR_NOT_FOUND,
  guarantorInvitation,
  INVALID_OTP,
  LINK_INVALID,
  NOT_VERIFIED,
  SIGNING_NOT_OPEN,
  signingCodeSms,
  STAMPING_FAILED,
  TOO_MANY_ATTEMPTS,
} from './messages';
import type { GuarantorRow, SigningCodeRow, SigningStore } from './store';

type AgreementRow = Awaited<ReturnType<AgreementService['byId']>>;

/** A guarantor's link stays valid this long after the borrower signs. */
export const GUARANTOR_LINK_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The people an agreement is signed by, read from the application. */
export interface AgreementParties {
  borrower: { name: string; idNo: string };
  /** Partners or directors who guarantee the loan, in the application's order. */
  guarantors: {
    role: 'PARTNER' | 'DIRECTOR';
    name: string;
    identityCardNo: string;
    contactNo: string;
    personalEmail: string;
  }[];
}

export interface SignerContext {
  ip: string;
  userAgent?: string;
}

export interface SigningServiceDeps {
  db: Orm;
  agreements: AgreementService;
  store: SigningStore;
  documents: AgreementDocuments;
  parties: (agreement: AgreementRow) => Promise<AgreementParties>;
  users: {
    byId(
      id: string,
    ): Promise<{ firstName: string; phoneNo: string | null; language: Language } | undefined>;
  };
  ekyc: EkycProvider;
  sms: SmsSender;
  email: EmailSender;
  sealer: Sealer;
  clock: Clock;
  publicUrl: PublicUrl;
  /** Further conditions of signing (an active direct debit mandate): a refusal, or null. */
  signingChecks?: ((agreementId: string) => Promise<Sentence | null>)[];
}

const code = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
const refused = (message: string | Sentence, code: 'SIGNING_NOT_OPEN' | 'GUARANTOR_NOT_VERIFIED') =>
  new HttpError(409, message, code);

/** The bytes a signer reads as one document, and the name a download takes. */
export interface ReadDocument {
  kind: SigningDocumentKind;
  sha256: string;
  bytes: Buffer;
  fileName: string;
}

const FILE_NAMES: Record<SigningDocumentKind, string> = {
  AGREEMENT: 'agreement',
  GUARANTEE: 'guarantee',
  PDP_NOTICE: 'privacy-notice',
  LOAN_TERMS: 'loan-terms',
};

export function createSigningService(deps: SigningServiceDeps) {
  const { store, agreements, documents, sealer, clock } = deps;
  const codeHash = (codeId: string, value: string) =>
    sealer.fingerprint(`signing-otp:${codeId}:${value}`);
  const linkHash = (token: string) => sealer.fingerprint(`guarantor-link:${token}`);

  async function sendCode(
    agreement: AgreementRow,
    signerRef: string,
    to: string,
    language: Language,
  ): Promise<SigningCodeSent> {
    const now = clock.now();
    const latest = await store.latestCode(agreement.id, signerRef);
    if (latest && now.getTime() - latest.createdAt.getTime() < SIGNING_RESEND_AFTER_MS) {
      const wait = Math.ceil(
        (latest.createdAt.getTime() + SIGNING_RESEND_AFTER_MS - now.getTime()) / 1000,
      );
      throw new HttpError(
        429,
        sentence('Please wait {seconds} seconds before asking for a new code', { seconds: wait }),
      );
    }
    const sentToday = await store.codesSince(
      agreement.id,
      signerRef,
      new Date(now.getTime() - DAY_MS),
    );
    if (sentToday >= SIGNING_CODES_PER_DAY) {
      throw new HttpError(429, CODE_LIMIT, 'SIGNING_CODE_LIMIT');
    }
    const value = code();
    const id = randomUUID();
    const expiresAt = new Date(now.getTime() + SIGNING_CODE_LIFETIME_MS);
    await store.insertCode({
      id,
      agreementId: agreement.id,
      signerRef,
      destinationSealed: sealer.seal(to),
      codeHash: codeHash(id, value),
      createdAt: now,
      expiresAt,
    });
    await deps.sms.send(
      signingCodeSms({
        to,
        language,
        code: value,
        agreementNo: agreement.agreementNo,
        minutes: SIGNING_CODE_LIFETIME_MS / 60_000,
      }),
    );
    await writeAudit(deps.db, {
      action: 'signing.code_sent',
      actor: signerRef,
      subject: signerRef,
      entity: `agreement:${agreement.id}`,
    });
    return {
      sentTo: maskPhone(to),
      expiresAt: expiresAt.toISOString(),
      resendAvailableAt: new Date(now.getTime() + SIGNING_RESEND_AFTER_MS).toISOString(),
    };
  }

  /** The newest code of this signer, checked: expiry, attempts, then the digits. */
  async function checkedCode(
    agreementId: string,
    signerRef: string,
    given: string,
  ): Promise<SigningCodeRow> {
    const latest = await store.latestCode(agreementId, signerRef);
    if (!latest || latest.usedAt) throw new HttpError(400, INVALID_OTP, 'SIGNING_CODE_INVALID');
    if (latest.expiresAt.getTime() <= clock.now().getTime()) {
      throw new HttpError(400, CODE_EXPIRED, 'SIGNING_CODE_EXPIRED');
    }
    if (!(await store.countAttempt(latest.id, SIGNING_CODE_MAX_ATTEMPTS))) {
      throw new HttpError(400, TOO_MANY_ATTEMPTS, 'SIGNING_CODE_ATTEMPTS');
    }
    const expected = Buffer.from(latest.codeHash, 'utf8');
    const actual = Buffer.from(codeHash(latest.id, given), 'utf8');
    if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) {
      throw new HttpError(400, INVALID_OTP, 'SIGNING_CODE_INVALID');
    }
    return latest;
  }

  async function spend(tx: OrmTransaction, row: SigningCodeRow, at: Date): Promise<void> {
    // Two requests racing with one code: only the first signs.
    if (!(await store.spendCode(tx, row.id, at))) {
      throw new HttpError(400, INVALID_OTP, 'SIGNING_CODE_INVALID');
    }
  }

  function progress(row: GuarantorRow): GuarantorProgress {
    return {
      id: row.id,
      position: row.position,
      role: row.role,
      name: sealer.openText(row.nameSealed),
      required: row.required,
      status: row.status,
      signedAt: row.signedAt?.toISOString() ?? null,
    };
  }

  async function openForBorrower(agreement: AgreementRow): Promise<void> {
    if (agreement.status !== 'PENDING_SIGNING') {
      throw refused(
        agreement.status === 'AGREEMENTSIGNING' || agreement.status === 'PENDING_DISBURSEMENT'
          ? ALREADY_SIGNED
          : SIGNING_NOT_OPEN,
        'SIGNING_NOT_OPEN',
      );
    }
    for (const check of deps.signingChecks ?? []) {
      const refusal: Sentence | null = await check(agreement.id);
      if (refusal) throw refused(refusal, 'SIGNING_NOT_OPEN');
    }
  }

  async function borrowerPhone(userId: string) {
    const user = await deps.users.byId(userId);
    if (!user) throw new HttpError(401, 'Unauthorized');
    if (!user.phoneNo) {
      throw new HttpError(400, 'Please add your phone number to your profile first');
    }
    return { ...user, phoneNo: user.phoneNo };
  }

  /**
   * Once no required guarantor is left to sign: the agreement moves on and its file is closed
   * (sealed and stamped), in the transaction of the last signature, so the stamp certificate is
   * kept exactly when the agreement reaches PENDING_DISBURSEMENT. The status change goes first: a
   * change the machine refuses never reaches the stamp office. The stamp office is the last thing
   * before the commit; when it fails or refuses, the whole signature is undone (no signature, no
   * sealed file, no status, the code unspent) and the signer is asked to sign again.
   */
  async function closeIfComplete(tx: OrmTransaction, agreementId: string): Promise<void> {
    const pending = (await store.guarantorsOf(agreementId, tx)).filter(
      (row) => row.required && row.status !== 'SIGNED',
    ).length;
    if (pending > 0) return;
    await agreements.changeStatus(
      {
        agreementId,
        to: 'PENDING_DISBURSEMENT',
        actor: 'system',
        actorRef: 'system:signing',
        guarantorSignaturesPending: 0,
      },
      tx,
    );
    try {
      await documents.complete(tx, agreementId);
    } catch (error) {
      if (error instanceof HttpError) throw error;
      throw new HttpError(503, STAMPING_FAILED, 'UNAVAILABLE');
    }
  }

  /** Who the deed of guarantee names and who signs it. */
  function partyOf(row: GuarantorRow): GuarantorParty {
    return {
      guarantorId: row.id,
      agreementId: row.agreementId,
      name: sealer.openText(row.nameSealed),
      idNo: sealer.openText(row.idNoSealed),
      role: row.role,
    };
  }

  async function guarantorFromToken(token: string | null): Promise<GuarantorRow> {
    const row = token ? await store.guarantorByTokenHash(linkHash(token)) : undefined;
    if (!row || row.tokenExpiresAt.getTime() <= clock.now().getTime()) {
      throw new HttpError(401, LINK_INVALID, 'GUARANTOR_LINK_INVALID');
    }
    return row;
  }

  /** The link's guarantor, and only theirs: another guarantor's id is "not found". */
  async function guarantorFor(token: string | null, guarantorId: string): Promise<GuarantorRow> {
    const row = await guarantorFromToken(token);
    if (row.id !== guarantorId) throw new HttpError(404, GUARANTOR_NOT_FOUND, 'NOT_FOUND');
    return row;
  }

  /** Reads the eKYC outcome from the provider once and records it. */
  async function refreshIdentity(row: GuarantorRow): Promise<GuarantorRow> {
    if (row.status !== 'INVITED' || !row.ekycProviderRef) return row;
    const state = await deps.ekyc.status(row.ekycProviderRef);
    if (state.state === 'PENDING') return row;
    const now = clock.now();
    // The guarantor's images are not kept: the verdict and the time are the evidence signing needs.
    if (state.state === 'PASSED' || state.state === 'FAILED') {
      await deps.ekyc.collectResult(row.ekycProviderRef);
    }
    const passed = state.state === 'PASSED';
    const set = passed
      ? { status: 'VERIFIED' as const, verifiedAt: now, ekycMessage: null }
      : { ekycMessage: state.message ?? state.state };
    await deps.db.transaction(async (tx) => {
      await store.updateGuarantor(tx, row.id, set);
      if (passed) {
        await writeAudit(tx, {
          action: 'signing.guarantor_verified',
          actor: `guarantor:${row.id}`,
          subject: `guarantor:${row.id}`,
          entity: `agreement:${row.agreementId}`,
        });
      }
    });
    return { ...row, ...set };
  }

  /** The bytes of one document of the agreement, as its signer reads them. */
  async function documentOf(
    agreementId: string,
    kind: SigningDocumentKind,
    guarantor?: GuarantorRow,
  ): Promise<{ sha256: string; bytes: Buffer }> {
    switch (kind) {
      case 'AGREEMENT':
        return documents.current(agreementId);
      case 'GUARANTEE':
        if (!guarantor) throw new HttpError(404, 'Not Found', 'NOT_FOUND');
        return documents.guarantee(partyOf(guarantor));
      case 'PDP_NOTICE':
        return documents.signingNotice(agreementId, 'pdpNotice');
      case 'LOAN_TERMS':
        return documents.signingNotice(agreementId, 'loanTnc');
    }
  }

  /** Each document the signer reads, and when they first opened the version shown now. */
  async function documentsFor(
    agreementId: string,
    signerRef: string,
    kinds: readonly SigningDocumentKind[],
    guarantor?: GuarantorRow,
  ): Promise<SigningDocument[]> {
    const reads = await store.readsOf(agreementId, signerRef);
    return Promise.all(
      kinds.map(async (kind) => {
        const { sha256 } = await documentOf(agreementId, kind, guarantor);
        const read = reads.find(
          (row) => row.documentKind === kind && row.documentSha256 === sha256,
        );
        return { kind, sha256, openedAt: read?.openedAt.toISOString() ?? null };
      }),
    );
  }

  /** A code is sent, and a signature taken, only once the signer opened what they sign. */
  async function requireOpened(
    agreementId: string,
    signerRef: string,
    kinds: readonly SigningDocumentKind[],
    guarantor?: GuarantorRow,
  ): Promise<void> {
    const unread = (await documentsFor(agreementId, signerRef, kinds, guarantor)).filter(
      (document) => document.openedAt === null,
    );
    if (unread.length > 0) {
      throw new HttpError(409, DOCUMENTS_NOT_OPENED, 'DOCUMENTS_NOT_OPENED');
    }
  }

  /** Hands the signer the document and records, once per version, that they opened it. */
  async function open(
    agreementId: string,
    signerRef: string,
    kind: SigningDocumentKind,
    ip: string,
    guarantor?: GuarantorRow,
  ): Promise<ReadDocument> {
    const document = await documentOf(agreementId, kind, guarantor);
    await deps.db.transaction(async (tx) => {
      const first = await store.recordRead(tx, {
        agreementId,
        signerRef,
        documentKind: kind,
        documentSha256: document.sha256,
        openedAt: clock.now(),
        ip,
      });
      if (first) {
        await writeAudit(tx, {
          action: 'signing.document_opened',
          actor: signerRef,
          subject: signerRef,
          entity: `agreement:${agreementId}`,
          ip,
          detail: { kind, sha256: document.sha256 },
        });
      }
    });
    return { kind, sha256: document.sha256, bytes: document.bytes, fileName: FILE_NAMES[kind] };
  }

  return {
    async state(userId: string, agreementId: string): Promise<SigningState> {
      const agreement = await agreements.ownedBy(userId, agreementId);
      const readable = ['PENDING_SIGNING', 'AGREEMENTSIGNING', 'PENDING_DISBURSEMENT', 'DISBURSED'];
      if (!readable.includes(agreement.status)) {
        throw refused(SIGNING_NOT_OPEN, 'SIGNING_NOT_OPEN');
      }
      const document = await documents.current(agreementId);
      return {
        agreementId,
        agreementNo: agreement.agreementNo,
        status: agreement.status,
        signedAt: agreement.signedAt?.toISOString() ?? null,
        documentSha256: document.sha256,
        guarantors: (await store.guarantorsOf(agreementId)).map(progress),
        documents: await documentsFor(agreementId, `user:${userId}`, BORROWER_SIGNING_DOCUMENTS),
      };
    },

    /** A document the borrower signs or accepts, as the signing screen shows it. */
    async readDocument(
      userId: string,
      agreementId: string,
      kind: SigningDocumentKind,
      ip: string,
    ): Promise<ReadDocument> {
      if (!BORROWER_SIGNING_DOCUMENTS.includes(kind)) {
        throw new HttpError(404, 'Not Found', 'NOT_FOUND');
      }
      await this.state(userId, agreementId);
      return open(agreementId, `user:${userId}`, kind, ip);
    },

    /** The agreement as the borrower reads it before signing, or as signed afterwards. */
    async document(userId: string, agreementId: string) {
      await this.state(userId, agreementId);
      return documents.current(agreementId);
    },

    async requestCode(userId: string, agreementId: string): Promise<SigningCodeSent> {
      const agreement = await agreements.ownedBy(userId, agreementId);
      await openForBorrower(agreement);
      await requireOpened(agreementId, `user:${userId}`, BORROWER_SIGNING_DOCUMENTS);
      const user = await borrowerPhone(userId);
      return sendCode(agreement, `user:${userId}`, user.phoneNo, user.language);
    },

    async sign(
      userId: string,
      agreementId: string,
      body: { code: string; documentSha256: string },
      context: SignerContext,
    ): Promise<SigningState> {
      const agreement = await agreements.ownedBy(userId, agreementId);
      await openForBorrower(agreement);
      const user = await borrowerPhone(userId);
      const signerRef = `user:${userId}`;
      await requireOpened(agreementId, signerRef, BORROWER_SIGNING_DOCUMENTS);
      const otp = await checkedCode(agreementId, signerRef, body.code);
      const parties = await deps.parties(agreement);
      const now = clock.now();
      const signer: Signer = {
        role: 'BORROWER',
        signerRef,
        name: parties.borrower.name,
        idNo: parties.borrower.idNo,
        phoneNo: user.phoneNo,
      };
      const invitations: ReturnType<typeof guarantorInvitation>[] = [];
      await deps.db.transaction(async (tx) => {
        await spend(tx, otp, now);
        await documents.sign(tx, agreementId, body.documentSha256, signer, {
          signedAt: now,
          ip: context.ip,
          ...(context.userAgent ? { userAgent: context.userAgent } : {}),
          otpVerifiedAt: now,
          otpSentTo: maskPhone(sealer.openText(otp.destinationSealed)),
        });
        await agreements.changeStatus(
          {
            agreementId,
            to: 'AGREEMENTSIGNING',
            actor: 'applicant',
            actorRef: signerRef,
            actorId: userId,
            ip: context.ip,
            set: { signedAt: now },
          },
          tx,
        );
        await writeAudit(tx, {
          action: 'signing.borrower_signed',
          actor: signerRef,
          subject: signerRef,
          entity: `agreement:${agreementId}`,
          ip: context.ip,
        });
        const rows = parties.guarantors.map((person, index) => {
          const token = randomBytes(32).toString('base64url');
          const id = randomUUID();
          // The page opens in the language the invitation is written in.
          const link = `${deps.publicUrl()}/guarantor-signing/identity-verification?token=${token}&language=${user.language}`;
          invitations.push(
            guarantorInvitation({
              name: person.name,
              email: person.personalEmail,
              phoneNo: person.contactNo,
              language: user.language,
              agreementNo: agreement.agreementNo,
              borrower: parties.borrower.name,
              link,
              days: GUARANTOR_LINK_DAYS,
            }),
          );
          return {
            id,
            agreementId,
            position: index + 1,
            role: person.role,
            nameSealed: sealer.seal(person.name),
            idNoSealed: sealer.seal(person.identityCardNo),
            idNoFingerprint: sealer.fingerprint(normaliseIdentityCardNo(person.identityCardNo)),
            emailSealed: sealer.seal(person.personalEmail),
            phoneSealed: sealer.seal(person.contactNo),
            required: true,
            status: 'INVITED' as const,
            tokenHash: linkHash(token),
            tokenExpiresAt: new Date(now.getTime() + GUARANTOR_LINK_DAYS * DAY_MS),
            createdAt: now,
          };
        });
        await store.insertGuarantors(tx, rows);
        for (const row of rows) {
          await writeAudit(tx, {
            action: 'signing.guarantor_invited',
            actor: 'system:signing',
            subject: `guarantor:${row.id}`,
            entity: `agreement:${agreementId}`,
          });
        }
        await closeIfComplete(tx, agreementId);
      });
      // Sent once the signature is committed: a link never points at a signing that rolled back.
      for (const invitation of invitations) {
        await deps.email.send(invitation.email);
        await deps.sms.send(invitation.sms);
      }
      return this.state(userId, agreementId);
    },

    async guarantorLink(token: string | null): Promise<GuarantorLinkState> {
      const row = await refreshIdentity(await guarantorFromToken(token));
      const agreement = await agreements.byId(row.agreementId);
      const user = await deps.users.byId(agreement.userId);
      const readable = row.status !== 'INVITED';
      return {
        guarantorId: row.id,
        agreementNo: agreement.agreementNo,
        name: sealer.openText(row.nameSealed),
        language: user?.language ?? 'EN',
        status: row.status,
        identity: row.ekycProviderRef
          ? {
              state: row.status !== 'INVITED' ? 'PASSED' : row.ekycMessage ? 'FAILED' : 'PENDING',
              message: row.status !== 'INVITED' ? null : row.ekycMessage,
            }
          : null,
        // What the guarantor reads and signs is their own deed of guarantee.
        documentSha256: readable ? (await documents.guarantee(partyOf(row))).sha256 : null,
        documents: readable
          ? await documentsFor(
              row.agreementId,
              `guarantor:${row.id}`,
              GUARANTOR_SIGNING_DOCUMENTS,
              row,
            )
          : [],
        expiresAt: row.tokenExpiresAt.toISOString(),
      };
    },

    async startGuarantorEkyc(
      token: string | null,
      guarantorId: string,
      language: 'EN' | 'MS',
    ): Promise<GuarantorEkycStarted> {
      const row = await guarantorFor(token, guarantorId);
      if (row.status !== 'INVITED') throw new HttpError(409, ALREADY_SIGNED, 'CONFLICT');
      const agreement = await agreements.byId(row.agreementId);
      const session = await deps.ekyc.startSession({
        applicationId: agreement.applicationId,
        audience: 'GUARANTOR',
        identityCardFingerprint: row.idNoFingerprint,
        language,
      });
      await deps.db.transaction((tx) =>
        store.updateGuarantor(tx, row.id, {
          ekycProviderRef: session.providerRef,
          ekycMessage: null,
        }),
      );
      return { captureUrl: session.captureUrl, expiresAt: session.expiresAt.toISOString() };
    },

    async guarantorDocument(token: string | null, guarantorId: string) {
      const row = await refreshIdentity(await guarantorFor(token, guarantorId));
      if (row.status === 'INVITED') throw refused(NOT_VERIFIED, 'GUARANTOR_NOT_VERIFIED');
      return documents.guarantee(partyOf(row));
    },

    /** A document the guarantor signs or accepts, once their identity is verified. */
    async guarantorReadDocument(
      token: string | null,
      guarantorId: string,
      kind: SigningDocumentKind,
      ip: string,
    ): Promise<ReadDocument> {
      const row = await refreshIdentity(await guarantorFor(token, guarantorId));
      if (!GUARANTOR_SIGNING_DOCUMENTS.includes(kind)) {
        throw new HttpError(404, 'Not Found', 'NOT_FOUND');
      }
      if (row.status === 'INVITED') throw refused(NOT_VERIFIED, 'GUARANTOR_NOT_VERIFIED');
      return open(row.agreementId, `guarantor:${row.id}`, kind, ip, row);
    },

    async guarantorRequestCode(token: string | null, guarantorId: string) {
      const row = await refreshIdentity(await guarantorFor(token, guarantorId));
      if (row.status === 'SIGNED') throw refused(ALREADY_SIGNED, 'SIGNING_NOT_OPEN');
      if (row.status !== 'VERIFIED') throw refused(NOT_VERIFIED, 'GUARANTOR_NOT_VERIFIED');
      await requireOpened(row.agreementId, `guarantor:${row.id}`, GUARANTOR_SIGNING_DOCUMENTS, row);
      const agreement = await agreements.byId(row.agreementId);
      const user = await deps.users.byId(agreement.userId);
      return sendCode(
        agreement,
        `guarantor:${row.id}`,
        sealer.openText(row.phoneSealed),
        user?.language ?? 'EN',
      );
    },

    async guarantorSign(
      token: string | null,
      guarantorId: string,
      body: { code: string; documentSha256: string },
      context: SignerContext,
    ): Promise<GuarantorLinkState> {
      const row = await refreshIdentity(await guarantorFor(token, guarantorId));
      if (row.status === 'SIGNED') throw refused(ALREADY_SIGNED, 'SIGNING_NOT_OPEN');
      if (row.status !== 'VERIFIED') throw refused(NOT_VERIFIED, 'GUARANTOR_NOT_VERIFIED');
      const agreement = await agreements.byId(row.agreementId);
      if (agreement.status !== 'AGREEMENTSIGNING') {
        throw refused(SIGNING_NOT_OPEN, 'SIGNING_NOT_OPEN');
      }
      const signerRef = `guarantor:${row.id}`;
      await requireOpened(agreement.id, signerRef, GUARANTOR_SIGNING_DOCUMENTS, row);
      const otp = await checkedCode(agreement.id, signerRef, body.code);
      const now = clock.now();
      await deps.db.transaction(async (tx) => {
        await spend(tx, otp, now);
        await agreements.lock(tx, agreement.id);
        const signed = await documents.signGuarantee(
          tx,
          partyOf(row),
          body.documentSha256,
          {
            role: 'GUARANTOR',
            signerRef,
            name: sealer.openText(row.nameSealed),
            idNo: sealer.openText(row.idNoSealed),
            email: sealer.openText(row.emailSealed),
            phoneNo: sealer.openText(row.phoneSealed),
          },
          {
            signedAt: now,
            ip: context.ip,
            ...(context.userAgent ? { userAgent: context.userAgent } : {}),
            otpVerifiedAt: now,
            otpSentTo: maskPhone(sealer.openText(otp.destinationSealed)),
          },
        );
        await store.updateGuarantor(tx, row.id, {
          status: 'SIGNED',
          signedAt: now,
          documentSha256: signed.sha256,
        });
        await writeAudit(tx, {
          action: 'signing.guarantor_signed',
          actor: signerRef,
          subject: signerRef,
          entity: `agreement:${agreement.id}`,
          ip: context.ip,
        });
        await closeIfComplete(tx, agreement.id);
      });
      return this.guarantorLink(token);
    },
  };
}

export type SigningService = ReturnType<typeof createSigningService>;
