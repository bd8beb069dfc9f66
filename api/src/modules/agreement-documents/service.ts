// The agreement's documents: Schedule J or K built from the agreement record and the domain
// engine's figures, frozen as bytes with their SHA-256 (sealed in file storage, one row per
// version, never edited), signed by incremental PAdES updates through the certificate
// authority, then closed with the audit certificate page, the lender's seal and e-stamping.
import { createHash, randomBytes, randomUUID } from 'node:crypto';

import type { ApprovedLoanSummary, IsoDate, SecurityParticulars, Sen } from '@lending/domain';
import {
  addMonths,
  borrowerName,
  DEFAULT_REPAYMENT_SETTINGS,
  instalmentDueDates,
  instalmentSchedule,
  maskIdentityNumber,
  partsOf,
} from '@lending/domain';

import type { CertificateAuthority } from '../../adapters/certificate-authority/port';
import type { FileStorage } from '../../adapters/storage/port';
import type { Sealer } from '../../crypto/sealed';
import type { Orm } from '../../db/database';
import type { Principal } from '../../http/access';
import { writeAudit } from '../../kernel/audit';
import { type Clock, malaysiaToday } from '../../kernel/clock';
import { HttpError } from '../../kernel/errors';
import type { OrmExecutor, OrmTransaction } from '../../kernel/transaction';
import type {
  AgreementDocuments,
  FrozenDocument,
  GuarantorParty,
  Signer,
  SigningEvidence,
} from '../agreements/documents-port';
import type { AgreementService } from '../agreements/service';
import type { ApplicationService } from '../applications/service';
import type { Templates } from '../master-setup/service';
import type { SettingsService } from '../settings/service';
import { appendAuditPage, type AuditSigner } from './audit-page';
import type { EStamp } from './estamp';
import type { AgreementFacts, Party } from './facts';
import { buildGuaranteePdf } from './guarantee';
import { LENDERS } from './lender';
import {
  ALREADY_SIGNED,
  DOCUMENT_CHANGED,
  DOCUMENT_CLOSED,
  E_CERTIFICATE_NOT_ISSUED,
  NOT_YET_SIGNED,
  VERIFICATION_NOT_FOUND,
} from './messages';
import { type NoticeKind, noticePdf } from './notices';
import { buildAgreementPdf } from './schedule';
import { signIncrementally } from './signature';
import type { AgreementDocumentStore, DocumentKind, DocumentRow } from './store';
import { checkSignatures } from './verify';

export interface AgreementDocumentDeps {
  db: Orm;
  store: AgreementDocumentStore;
  agreements: AgreementService;
  applications: ApplicationService;
  storage: FileStorage;
  sealer: Sealer;
  authority: CertificateAuthority;
  estamp: EStamp;
  clock: Clock;
  /** Where people reach the platform: the QR codes point at its verification page. */
  publicUrl: string;
  settings: Pick<SettingsService, 'currentSettings'>;
  /** The notices' wording: the template versions each agreement froze. */
  templates: Pick<Templates, 'source'>;
}

type AgreementRow = Awaited<ReturnType<AgreementService['byId']>>;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export function verificationUrl(publicUrl: string, code: string): string {
  return `${publicUrl}/verify/${code}`;
}

function addressLines(address: {
  line1: string;
  line2?: string;
  line3?: string;
  postcode: string;
  cityName?: string;
  stateName?: string;
}): string[] {
  return [
    address.line1,
    address.line2,
    address.line3,
    [address.postcode, address.cityName].filter(Boolean).join(' '),
    address.stateName,
  ].filter((line): line is string => Boolean(line && line.trim()));
}

/** What the terms are: a new fingerprint means a new document, never an edit of the old one. */
function termsFingerprint(agreement: AgreementRow): string {
  return createHash('sha256')
    .update(
      JSON.stringify({
        amountSen: agreement.amountSen,
        tenureMonths: agreement.tenureMonths,
        annualRateBp: agreement.annualRateBp,
        secured: agreement.secured,
        loanProtection: agreement.loanProtection,
        loanProtectionDeducted: agreement.loanProtectionDeducted,
        referralWaiverSen: agreement.referralWaiverSen,
        campaignCode: agreement.campaignCode,
        offer: agreement.offer,
      }),
    )
    .digest('hex');
}

/** The lender signs with a certificate on its company registration number. */
function lenderHolder(agreement: AgreementRow) {
  const lender = LENDERS[agreement.tenant as keyof typeof LENDERS] ?? LENDERS.arkcash;
  return {
    lender,
    name: lender.legalName,
    idNo: lender.registrationNo.replace(/\D.*$/, '').replace(/\s/g, '') || lender.registrationNo,
  };
}

export function createAgreementDocuments(deps: AgreementDocumentDeps) {
  const { store, storage, sealer, authority, clock } = deps;

  function keyOf(agreementId: string, documentId: string): string {
    return `${agreementId}/${documentId}`;
  }

  async function bytesOf(row: DocumentRow): Promise<Buffer> {
    const sealed = await storage.get(row.storageKey);
    if (!sealed) throw new Error(`The stored bytes of document ${row.id} are missing`);
    const bytes = sealer.openBytes(sealed);
    if (sha256(bytes) !== row.sha256) {
      throw new Error(`The stored bytes of document ${row.id} do not match their SHA-256`);
    }
    return bytes;
  }

  async function frozen(row: DocumentRow): Promise<FrozenDocument> {
    return {
      documentId: row.id,
      version: row.version,
      sha256: row.sha256,
      bytes: await bytesOf(row),
    };
  }

  /** Stores the bytes (sealed) before the row: a row never stands without its object. */
  async function keep(
    on: OrmExecutor,
    agreement: AgreementRow,
    document: {
      kind: DocumentKind;
      /** A deed of guarantee's guarantor. */
      guarantorId?: string | null;
      /** What a frozen agreement states as its first repayment date. */
      firstRepaymentDate?: IsoDate;
      version: number;
      stage: 'FROZEN' | 'SIGNED' | 'COMPLETED' | 'ISSUED';
      termsSha256: string;
      verificationCode: string;
      bytes: Buffer;
      id?: string;
    },
  ): Promise<DocumentRow | null> {
    const id = document.id ?? randomUUID();
    const storageKey = keyOf(agreement.id, id);
    await storage.put(storageKey, sealer.sealBytes(document.bytes));
    const row = await store.insertDocument(
      {
        id,
        agreementId: agreement.id,
        kind: document.kind,
        version: document.version,
        stage: document.stage,
        termsSha256: document.termsSha256,
        sha256: sha256(document.bytes),
        sizeBytes: document.bytes.length,
        storageKey,
        verificationCode: document.verificationCode,
        guarantorId: document.guarantorId ?? null,
        firstRepaymentDate: document.firstRepaymentDate ?? null,
      },
      on,
    );
    if (!row) await storage.delete(storageKey);
    return row;
  }

  async function borrowerOf(agreement: AgreementRow): Promise<{
    borrower: Party;
    signatory: { name: string; idNo: string } | null;
  }> {
    const application = await deps.applications.get(
      {
        kind: 'applicant',
        userId: agreement.userId,
        tenant: agreement.tenant as 'arkcash',
        sessionId: 'documents',
      },
      agreement.applicationId,
    );
    const { company, applicant } = application.sections;
    const signatory = applicant ? { name: applicant.name, idNo: applicant.identityCardNo } : null;
    const organization = await deps.applications.organizationOfUser(
      {
        kind: 'applicant',
        userId: agreement.userId,
        tenant: agreement.tenant as 'arkcash',
        sessionId: 'documents',
      },
      agreement.userId,
    );
    // Every document of the loan names the borrower by the one rule, by organization type.
    const name = borrowerName(organization);
    if (company) {
      return {
        borrower: {
          name,
          idLabelMs: 'No. Pendaftaran',
          idLabelEn: 'Registration No.',
          idNo: company.newBusinessRegistrationNo,
          addressLines: addressLines(company.registeredSsmAddress),
        },
        signatory,
      };
    }
    return {
      borrower: {
        name,
        idLabelMs: 'No. K/P',
        idLabelEn: 'NRIC',
        idNo: applicant?.identityCardNo ?? '',
        addressLines: applicant ? addressLines(applicant.nricAddress) : [],
      },
      signatory,
    };
  }

  /** Schedule K's item 11: the security as staff described and valued it when recommending the
   *  terms the agreement was opened on. */
  async function securityOf(
    agreement: AgreementRow,
  ): Promise<{ particulars: string; valueSen: Sen | null }> {
    const sealed = await store.securityOf(agreement.recommendationId);
    const security = sealed ? sealer.openJson<SecurityParticulars>(sealed) : null;
    if (!security?.description.trim()) {
      // Approval refuses secured terms without particulars; an agreement without them is a fault.
      throw new Error(`The secured agreement ${agreement.id} has no security particulars`);
    }
    return { particulars: security.description.trim(), valueSen: security.valueSen };
  }

  /** Every figure from the domain engine, for the agreement's own terms. */
  async function factsOf(agreement: AgreementRow, code: string): Promise<AgreementFacts> {
    const offer = agreement.offer as ApprovedLoanSummary;
    const schedule = instalmentSchedule({
      principalSen: offer.approvedSen,
      tenureMonths: offer.tenureMonths,
      annualRateBp: offer.annualRateBp,
    });
    if (schedule.totalRepayableSen !== offer.totalRepayableSen) {
      throw new Error('The stored offer disagrees with the instalment schedule');
    }
    const agreementDate = malaysiaToday(clock);
    // DOMAIN.md: the body names the first repayment date and the repayment day; instalments
    // fall due monthly from the product's interval after the agreement date. The payout keeps
    // this date (agreedFirstRepaymentDate), so what is signed is what is collected.
    const settings = await deps.settings.currentSettings(agreement.tenant);
    const firstRepaymentDate = addMonths(
      agreementDate,
      (settings.repayment ?? DEFAULT_REPAYMENT_SETTINGS).firstDueMonthsAfterDisbursement,
    );
    const dueDates = instalmentDueDates(firstRepaymentDate, schedule.tenureMonths);
    const { borrower, signatory } = await borrowerOf(agreement);
    const lp = offer.loanProtection;
    return {
      form: agreement.secured ? 'K' : 'J',
      agreementNo: agreement.agreementNo,
      agreementDate,
      lender: lenderHolder(agreement).lender,
      borrower,
      signatory,
      principalSen: offer.approvedSen,
      annualRateBp: offer.annualRateBp,
      lateChargeRateBp: agreement.lateChargeRateBp,
      tenureMonths: offer.tenureMonths,
      monthlyInstalmentSen: offer.monthlyInstalmentSen,
      lastInstalmentSen: offer.lastInstalmentSen,
      totalInterestSen: offer.totalInterestSen,
      totalRepayableSen: offer.totalRepayableSen,
      stampDutySen: offer.stampDutySen,
      attestationFeeSen: offer.attestationFeeSen,
      referralWaiverSen: offer.referralWaiverSen,
      loanProtection: lp
        ? {
            grossPremiumSen: lp.grossPremiumSen,
            serviceTaxSen: lp.serviceTaxSen,
            totalPremiumSen: lp.totalPremiumSen,
            deducted: lp.deducted,
          }
        : null,
      netReceivedSen: offer.netReceivedSen,
      effectiveAnnualRateBp: offer.effectiveAnnualRateBp,
      firstRepaymentDate,
      repaymentDay: partsOf(firstRepaymentDate).day,
      instalments: schedule.instalmentsSen.map((amountSen, i) => ({
        number: i + 1,
        dueDate: dueDates[i]!,
        amountSen,
      })),
      security: agreement.secured ? await securityOf(agreement) : null,
      verificationUrl: verificationUrl(deps.publicUrl, code),
    };
  }

  async function current(agreementId: string): Promise<FrozenDocument> {
    const agreement = await deps.agreements.byId(agreementId);
    const latest = await store.latest(agreementId, 'AGREEMENT');
    const terms = termsFingerprint(agreement);
    if (latest && (latest.stage !== 'FROZEN' || latest.termsSha256 === terms)) {
      return frozen(latest);
    }
    const code = randomBytes(18).toString('base64url');
    const id = randomUUID();
    const facts = await factsOf(agreement, code);
    const bytes = await buildAgreementPdf(facts, { createdAt: clock.now(), documentId: id });
    const row = await deps.db.transaction(async (tx) => {
      const kept = await keep(tx, agreement, {
        id,
        kind: 'AGREEMENT',
        version: (latest?.version ?? 0) + 1,
        stage: 'FROZEN',
        termsSha256: terms,
        firstRepaymentDate: facts.firstRepaymentDate,
        verificationCode: code,
        bytes,
      });
      if (kept) {
        await writeAudit(tx, {
          action: 'agreement.document_frozen',
          actor: 'system:documents',
          subject: `user:${agreement.userId}`,
          entity: `agreement:${agreement.id}`,
          detail: { documentId: kept.id, version: kept.version, sha256: kept.sha256 },
        });
      }
      return kept;
    });
    // Someone else froze this version first: theirs is the one.
    return frozen(row ?? (await store.latest(agreementId, 'AGREEMENT'))!);
  }

  async function sign(
    tx: OrmTransaction,
    agreementId: string,
    expectedSha256: string,
    signer: Signer,
    evidence: SigningEvidence,
  ): Promise<FrozenDocument> {
    const agreement = await deps.agreements.lock(tx, agreementId);
    const latest = await store.latest(agreementId, 'AGREEMENT', tx);
    if (!latest || latest.sha256 !== expectedSha256) {
      throw new HttpError(409, DOCUMENT_CHANGED, 'DOCUMENT_CHANGED');
    }
    if (latest.stage === 'COMPLETED') throw new HttpError(409, DOCUMENT_CLOSED, 'DOCUMENT_CLOSED');
    return signVersion(tx, agreement, latest, signer, evidence, 'agreement.document_signed');
  }

  /** One signer's PAdES update on `latest` (the bytes they read), kept as the next version with
   *  the signature's evidence and its audit row. */
  async function signVersion(
    tx: OrmTransaction,
    agreement: AgreementRow,
    latest: DocumentRow,
    signer: Signer,
    evidence: SigningEvidence,
    action: 'agreement.document_signed' | 'agreement.guarantee_signed',
  ): Promise<FrozenDocument> {
    const agreementId = agreement.id;
    const expectedSha256 = latest.sha256;
    const already = (await store.signatures(agreementId, tx)).some(
      (row) => row.signerRef === signer.signerRef,
    );
    if (already) throw new HttpError(409, ALREADY_SIGNED, 'ALREADY_SIGNED');
    const certificate = await authority.enrol(
      { name: signer.name, idNo: signer.idNo, ...(signer.email ? { email: signer.email } : {}) },
      tx,
    );
    const signed = await signIncrementally(
      await bytesOf(latest),
      authority,
      {
        fieldName: `${signer.role}-${latest.version}`,
        name: signer.name,
        reason:
          signer.role === 'GUARANTOR'
            ? 'Jaminan / Guarantee'
            : 'Peminjam bersetuju / Agreed by the borrower',
        location: 'Malaysia',
        contactInfo: evidence.otpSentTo,
        signingTime: evidence.signedAt,
        idNo: signer.idNo,
      },
      undefined,
      tx,
    );
    const row = await keep(tx, agreement, {
      kind: latest.kind as DocumentKind,
      guarantorId: latest.guarantorId,
      version: latest.version + 1,
      stage: 'SIGNED',
      termsSha256: latest.termsSha256,
      verificationCode: latest.verificationCode,
      bytes: signed,
    });
    if (!row) throw new HttpError(409, DOCUMENT_CHANGED, 'DOCUMENT_CHANGED');
    const inserted = await store.insertSignature(
      {
        agreementId,
        documentId: row.id,
        role: signer.role,
        signerRef: signer.signerRef,
        signerName: sealer.seal(signer.name),
        signerIdNo: sealer.seal(signer.idNo),
        signedAt: evidence.signedAt,
        ip: evidence.ip,
        userAgent: evidence.userAgent ?? null,
        otpVerifiedAt: evidence.otpVerifiedAt,
        otpSentTo: evidence.otpSentTo,
        signedSha256: expectedSha256,
        certificateSerial: certificate.serial,
      },
      tx,
    );
    if (!inserted) throw new HttpError(409, ALREADY_SIGNED, 'ALREADY_SIGNED');
    await writeAudit(tx, {
      action,
      actor: signer.signerRef,
      subject: `user:${agreement.userId}`,
      entity: `agreement:${agreementId}`,
      ip: evidence.ip,
      at: evidence.signedAt,
      detail: {
        role: signer.role,
        documentId: row.id,
        version: row.version,
        signedSha256: expectedSha256,
        sha256: row.sha256,
        certificateSerial: certificate.serial,
      },
    });
    return { documentId: row.id, version: row.version, sha256: row.sha256, bytes: signed };
  }

  async function complete(tx: OrmTransaction, agreementId: string): Promise<FrozenDocument> {
    const agreement = await deps.agreements.lock(tx, agreementId);
    const latest = await store.latest(agreementId, 'AGREEMENT', tx);
    if (latest?.stage === 'COMPLETED') return frozen(latest);
    if (!latest || latest.stage !== 'SIGNED') {
      throw new HttpError(409, NOT_YET_SIGNED, 'STATUS_CHANGE_REFUSED');
    }
    const versions = await store.versions(agreementId, 'AGREEMENT', tx);
    const signatures = await store.signatures(agreementId, tx);
    const { lender, name, idNo } = lenderHolder(agreement);
    await authority.enrol({ name, idNo }, tx);
    const sealedAt = clock.now();
    const auditSigners: AuditSigner[] = signatures.map((row) => ({
      role: row.role,
      name: sealer.openText(row.signerName),
      idNo: maskIdentityNumber(sealer.openText(row.signerIdNo)),
      signedAt: row.signedAt,
      ip: row.ip,
      otpVerifiedAt: row.otpVerifiedAt,
      otpSentTo: row.otpSentTo,
      signedSha256: row.signedSha256,
    }));
    const sealed = await signIncrementally(
      await bytesOf(latest),
      authority,
      {
        fieldName: `LENDER-${latest.version}`,
        name: lender.legalName,
        reason: 'Meterai pemberi pinjam wang / Lender’s seal',
        location: lender.addressLines.join(', '),
        contactInfo: lender.legalName,
        signingTime: sealedAt,
        idNo,
      },
      (doc) =>
        appendAuditPage(doc, {
          agreementNo: agreement.agreementNo,
          originalSha256: versions[0]!.sha256,
          signedSha256: latest.sha256,
          signers: auditSigners,
          lenderName: lender.legalName,
          sealedAt,
          verificationUrl: verificationUrl(deps.publicUrl, latest.verificationCode),
        }),
      tx,
    );
    const row = await keep(tx, agreement, {
      kind: 'AGREEMENT',
      version: latest.version + 1,
      stage: 'COMPLETED',
      termsSha256: latest.termsSha256,
      verificationCode: latest.verificationCode,
      bytes: sealed,
    });
    if (!row) throw new HttpError(409, DOCUMENT_CHANGED, 'DOCUMENT_CHANGED');
    await writeAudit(tx, {
      action: 'agreement.document_completed',
      actor: 'system:documents',
      subject: `user:${agreement.userId}`,
      entity: `agreement:${agreementId}`,
      detail: { documentId: row.id, version: row.version, sha256: row.sha256 },
    });
    const offer = agreement.offer as ApprovedLoanSummary;
    // The certificate names the borrower as the agreement does (the person only signs for it).
    const borrower = await store.borrowerNameOf(agreementId, tx);
    const stamp = await deps.estamp.stamp({
      agreementNo: agreement.agreementNo,
      documentSha256: row.sha256,
      stampDutySen: offer.stampDutySen,
      parties: [
        ...signatures.map((signature) => {
          const idNo = sealer.openText(signature.signerIdNo);
          const role = signature.role as 'BORROWER' | 'GUARANTOR';
          return {
            role,
            name: role === 'BORROWER' ? borrower : sealer.openText(signature.signerName),
            idNo,
            // Masked as on the audit page: whoever reads the certificate reads it so.
            shownIdNo: maskIdentityNumber(idNo),
          };
        }),
        {
          role: 'LENDER' as const,
          name: lender.legalName,
          idNo: lender.registrationNo,
          shownIdNo: lender.registrationNo,
        },
      ],
    });
    const certificate = await keep(tx, agreement, {
      kind: 'STAMP_CERTIFICATE',
      version: 1,
      stage: 'ISSUED',
      termsSha256: latest.termsSha256,
      verificationCode: latest.verificationCode,
      bytes: stamp.pdf,
    });
    // A closed file without its stamp certificate would let the agreement go on unstamped.
    if (!certificate) throw new HttpError(409, DOCUMENT_CHANGED, 'DOCUMENT_CHANGED');
    await store.insertStamp(
      {
        agreementId,
        certificateNo: stamp.certificateNo,
        documentId: certificate.id,
        issuedAt: stamp.issuedAt,
      },
      tx,
    );
    await writeAudit(tx, {
      action: 'agreement.stamped',
      actor: 'system:documents',
      subject: `user:${agreement.userId}`,
      entity: `agreement:${agreementId}`,
      detail: { certificateNo: stamp.certificateNo, documentId: certificate.id },
    });
    return { documentId: row.id, version: row.version, sha256: row.sha256, bytes: sealed };
  }

  /** The guarantor's deed, frozen once: the agreement's terms no longer change once the borrower
   *  has signed, which is when guarantors are invited. */
  async function guarantee(party: GuarantorParty): Promise<FrozenDocument> {
    const latest = await store.latestGuarantee(party.guarantorId);
    if (latest) return frozen(latest);
    const agreement = await deps.agreements.byId(party.agreementId);
    const code = randomBytes(18).toString('base64url');
    const id = randomUUID();
    const bytes = await buildGuaranteePdf(
      {
        ...(await factsOf(agreement, code)),
        guarantor: { name: party.name, idNo: party.idNo, role: party.role },
      },
      { createdAt: clock.now(), documentId: id },
    );
    const row = await deps.db.transaction(async (tx) => {
      const kept = await keep(tx, agreement, {
        id,
        kind: 'GUARANTEE',
        guarantorId: party.guarantorId,
        version: 1,
        stage: 'FROZEN',
        termsSha256: termsFingerprint(agreement),
        verificationCode: code,
        bytes,
      });
      if (kept) {
        await writeAudit(tx, {
          action: 'agreement.guarantee_frozen',
          actor: 'system:documents',
          subject: `guarantor:${party.guarantorId}`,
          entity: `agreement:${agreement.id}`,
          detail: { documentId: kept.id, version: kept.version, sha256: kept.sha256 },
        });
      }
      return kept;
    });
    return frozen(row ?? (await store.latestGuarantee(party.guarantorId))!);
  }

  async function signGuarantee(
    tx: OrmTransaction,
    party: GuarantorParty,
    expectedSha256: string,
    signer: Signer,
    evidence: SigningEvidence,
  ): Promise<FrozenDocument> {
    const agreement = await deps.agreements.lock(tx, party.agreementId);
    const latest = await store.latestGuarantee(party.guarantorId, tx);
    if (!latest || latest.agreementId !== agreement.id || latest.sha256 !== expectedSha256) {
      throw new HttpError(409, DOCUMENT_CHANGED, 'DOCUMENT_CHANGED');
    }
    if (latest.stage !== 'FROZEN') throw new HttpError(409, ALREADY_SIGNED, 'ALREADY_SIGNED');
    return signVersion(tx, agreement, latest, signer, evidence, 'agreement.guarantee_signed');
  }

  /** A notice in the wording of the template version the agreement froze when it was made. */
  async function noticeOf(agreement: AgreementRow, kind: NoticeKind): Promise<Buffer> {
    const source =
      kind === 'pdpNotice'
        ? await deps.templates.source(
            agreement.tenant,
            'PDP_NOTICE_TEMPLATE',
            agreement.pdpNoticeTemplateId,
          )
        : await deps.templates.source(
            agreement.tenant,
            'LOAN_TERMS_TEMPLATE',
            agreement.loanTermsTemplateId,
          );
    return noticePdf(kind, source, lenderHolder(agreement).lender);
  }

  const documents: AgreementDocuments = {
    current,
    sign,
    complete,
    guarantee,
    signGuarantee,
    async signingNotice(agreementId, kind) {
      const bytes = await noticeOf(await deps.agreements.byId(agreementId), kind);
      return { bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
    },
  };

  /** The borrower's own agreement, or any for staff; anyone else's is "not found". */
  async function visible(viewer: Principal, agreementId: string): Promise<AgreementRow> {
    return viewer.kind === 'applicant'
      ? deps.agreements.ownedBy(viewer.userId, agreementId)
      : deps.agreements.byId(agreementId).catch(() => {
          throw new HttpError(404, 'Agreement Not Found', 'AGREEMENT_NOT_FOUND');
        });
  }

  /** The NRIC on the borrower's own application: enrolment is for oneself only. */
  async function ownIdentity(userId: string, tenant: string, idNo: string) {
    const agreement = await deps.agreements.latestOfUser(userId);
    if (!agreement) throw new HttpError(404, 'Agreement Not Found', 'AGREEMENT_NOT_FOUND');
    const { signatory } = await borrowerOf(agreement);
    const wanted = idNo.replace(/[\s-]/g, '');
    if (
      !signatory ||
      signatory.idNo.replace(/[\s-]/g, '') !== wanted ||
      agreement.tenant !== tenant
    ) {
      throw new HttpError(404, 'No certificate holder with this identity number', 'NOT_FOUND');
    }
    return { agreement, signatory };
  }

  return {
    ...documents,

    /** The first repayment date the signed agreement states, when one was frozen. */
    async agreedFirstRepaymentDate(agreementId: string): Promise<IsoDate | null> {
      const frozen = await store.latestFrozenAgreement(agreementId);
      return (frozen?.firstRepaymentDate as IsoDate | null | undefined) ?? null;
    },

    /** What the signer reads: the current frozen (or newest signed) agreement. */
    async preview(
      viewer: Principal,
      agreementId: string,
    ): Promise<FrozenDocument & { agreementNo: string }> {
      const agreement = await visible(viewer, agreementId);
      return { ...(await current(agreement.id)), agreementNo: agreement.agreementNo };
    },

    /** A notice in the wording of the template version the agreement froze when it was made. */
    async notice(viewer: Principal, agreementId: string, kind: NoticeKind) {
      const agreement = await visible(viewer, agreementId);
      return { agreementNo: agreement.agreementNo, bytes: await noticeOf(agreement, kind) };
    },

    /** The public verification page's answer: no identity numbers, only who signed and when,
     *  and whether the kept file still matches its hash and every signature in it. */
    async verification(code: string) {
      // An agreement's or a deed of guarantee's versions: each has its own code.
      const rows = (await store.byVerificationCode(code)).filter(
        (row) => row.kind === 'AGREEMENT' || row.kind === 'GUARANTEE',
      );
      const latest = rows[rows.length - 1];
      if (!latest) throw new HttpError(404, VERIFICATION_NOT_FOUND, 'NOT_FOUND');
      const agreement = await deps.agreements.byId(latest.agreementId);
      let bytes: Buffer | null = null;
      try {
        bytes = await bytesOf(latest);
      } catch {
        bytes = null;
      }
      const checks = bytes ? checkSignatures(bytes) : [];
      const ids = new Set(rows.map((row) => row.id));
      const signatures = (await store.signatures(latest.agreementId)).filter((row) =>
        ids.has(row.documentId),
      );
      return {
        agreementNo: agreement.agreementNo,
        stage: latest.stage,
        version: latest.version,
        sha256: latest.sha256,
        updatedAt: latest.createdAt.toISOString(),
        intact: bytes !== null && checks.every((check) => check.intact),
        versions: rows.map((row) => ({
          version: row.version,
          stage: row.stage,
          sha256: row.sha256,
        })),
        signers: [
          ...signatures.map((row) => ({
            role: row.role,
            name: sealer.openText(row.signerName),
            signedAt: row.signedAt.toISOString(),
          })),
          ...(latest.stage === 'COMPLETED'
            ? [
                {
                  role: 'LENDER',
                  name: lenderHolder(agreement).lender.legalName,
                  signedAt: latest.createdAt.toISOString(),
                },
              ]
            : []),
        ],
        signatures: checks.map((check) => ({ signer: check.signer, intact: check.intact })),
      };
    },

    /** Certificate-authority enrolment of the signed-in borrower (after eKYC). */
    async enrol(viewer: Extract<Principal, { kind: 'applicant' }>, idNo: string, ip: string) {
      const { signatory } = await ownIdentity(viewer.userId, viewer.tenant, idNo);
      const issued = await authority.enrol({ name: signatory.name, idNo: signatory.idNo });
      await writeAudit(deps.db, {
        action: 'agreement.certificate_enrolled',
        actor: `user:${viewer.userId}`,
        subject: `user:${viewer.userId}`,
        ip,
        detail: { serial: issued.serial },
      });
      return issued;
    },

    async certificateOf(viewer: Extract<Principal, { kind: 'applicant' }>, idNo: string) {
      const { signatory } = await ownIdentity(viewer.userId, viewer.tenant, idNo);
      return authority.certificate(signatory.idNo);
    },

    /** The stamp certificate, once e-stamping issued it. */
    async stampCertificate(agreementId: string) {
      const stamp = await store.stamp(agreementId);
      if (!stamp) return null;
      const row = await store.latest(agreementId, 'STAMP_CERTIFICATE');
      return row
        ? { certificateNo: stamp.certificateNo, issuedAt: stamp.issuedAt, ...(await frozen(row)) }
        : null;
    },

    /** The e-stamp certificate for the borrower (or staff) to keep: 404 until it is issued. */
    async eCertificate(viewer: Principal, agreementId: string) {
      const agreement = await visible(viewer, agreementId);
      const stamp = await store.stamp(agreement.id);
      const row = stamp ? await store.latest(agreement.id, 'STAMP_CERTIFICATE') : undefined;
      if (!stamp || !row) throw new HttpError(404, E_CERTIFICATE_NOT_ISSUED, 'NOT_FOUND');
      return {
        agreementNo: agreement.agreementNo,
        certificateNo: stamp.certificateNo,
        ...(await frozen(row)),
      };
    },

    /** Signers on the newest version, for the borrower's own view. */
    async signatures(agreementId: string) {
      return (await store.signatures(agreementId)).map((row) => ({
        role: row.role,
        name: sealer.openText(row.signerName),
        signedAt: row.signedAt,
      }));
    },
  };
}

export type AgreementDocumentService = ReturnType<typeof createAgreementDocuments>;
