import { Readable } from 'node:stream';

import type { EvidenceManifest } from '@lending/contracts';
import {
  closedApplicationRetentionDays,
  malaysiaDate,
  maskIdentityNumber,
  type ProductSettings,
} from '@lending/domain';

import type { FileStorage } from '../../adapters/storage/port';
import type { Sealer } from '../../crypto/sealed';
import type { Orm } from '../../db/database';
import type { Principal } from '../../http/access';
import { writeAudit } from '../../kernel/audit';
import type { Clock } from '../../kernel/clock';
import { HttpError } from '../../kernel/errors';
import { checkSignatures } from '../agreement-documents/verify';
import { csvRecord, UTF8_BOM } from '../audit-log/csv';
import { EVIDENCE_MESSAGES } from './messages';
import type { AuditRow, EvidenceStore } from './store';
import { buildZip, jsonFile, type PackFile, safeName, sha256 } from './zip';

const DAY_MS = 24 * 60 * 60 * 1000;

type Staff = Extract<Principal, { kind: 'staff' }>;

export interface EvidenceDeps {
  db: Orm;
  store: EvidenceStore;
  storage: FileStorage;
  sealer: Sealer;
  clock: Clock;
  settings: { currentSettings(tenant: string): Promise<ProductSettings> };
}

export interface ZipDownload {
  fileName: string;
  zip: Buffer;
  manifest: EvidenceManifest;
}

const AUDIT_TRAIL_COLUMNS = [
  'id',
  'at_utc',
  'actor',
  'action',
  'subject',
  'entity',
  'from_status',
  'to_status',
  'reason',
  'ip',
  'request_id',
  'detail',
] as const;

function auditCsv(rows: AuditRow[]): Buffer {
  let body = UTF8_BOM + csvRecord(AUDIT_TRAIL_COLUMNS);
  for (const row of rows) {
    body += csvRecord([
      Number(row.id),
      row.at.toISOString(),
      row.actor,
      row.action,
      row.subject,
      row.entity,
      row.fromStatus,
      row.toStatus,
      row.reason,
      row.ip,
      row.requestId,
      JSON.stringify(row.detail ?? {}),
    ]);
  }
  return Buffer.from(body, 'utf8');
}

/** Who moved a status, as a kind only: staff ids and job names are not the person's data. */
const actorKind = (actor: string | null) => (actor ?? 'none').split(':')[0]!;

const iso = (at: Date | null | undefined) => (at ? at.toISOString() : null);

/** Openings in time order; those of one moment in the order the signing screen lists them. */
const READ_ORDER = ['AGREEMENT', 'GUARANTEE', 'PDP_NOTICE', 'LOAN_TERMS'];
const byOpening = (
  a: { openedAt: Date; documentKind: string; signerRef: string },
  b: { openedAt: Date; documentKind: string; signerRef: string },
) =>
  a.openedAt.getTime() - b.openedAt.getTime() ||
  a.signerRef.localeCompare(b.signerRef) ||
  READ_ORDER.indexOf(a.documentKind) - READ_ORDER.indexOf(b.documentKind);

export function createEvidenceService(deps: EvidenceDeps) {
  const { store, storage, sealer, clock } = deps;

  /** The plain bytes kept under a storage key (streamed or whole-sealed alike); null when gone. */
  async function opened(storageKey: string): Promise<Buffer | null> {
    const sealed = await storage.get(storageKey);
    if (!sealed) return null;
    const stream = await sealer.openStream({
      size: sealed.length,
      read: async (start, end) => Readable.from([sealed.subarray(start, end)]),
    });
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /** The bytes, or null when they are gone or no longer open (changed, another key): a pack
   *  says what it could not include rather than failing whole. */
  async function readable(storageKey: string): Promise<Buffer | null> {
    try {
      return await opened(storageKey);
    } catch {
      return null;
    }
  }

  const openText = (value: string) => {
    try {
      return sealer.openText(value);
    } catch {
      return value;
    }
  };

  function sections(rows: Awaited<ReturnType<EvidenceStore['sectionsOf']>>, only?: string[]) {
    return Object.fromEntries(
      rows
        .filter((row) => !only || only.includes(row.section))
        .map((row) => [row.section, sealer.openJson<unknown>(row.sealedData)]),
    );
  }

  function consentsOf(
    user: NonNullable<Awaited<ReturnType<EvidenceStore['user']>>>,
    registration: Awaited<ReturnType<EvidenceStore['registration']>>,
    ekyc: Awaited<ReturnType<EvidenceStore['ekycSessionsOf']>>,
  ) {
    return {
      termsAndPrivacy: registration
        ? {
            acceptedAt: iso(registration.termsAcceptedAt),
            // Null for registrations made before the version was recorded.
            textVersion: registration.consentTextVersion,
          }
        : null,
      marketing: {
        accepted: user.acceptMarketingConsent,
        at: iso(user.marketingConsentAt ?? registration?.marketingConsentAt ?? null),
      },
      biometric: ekyc
        .filter((session) => session.consentAt)
        .map((session) => ({
          ekycSessionId: session.id,
          applicationId: session.applicationId,
          textVersion: session.consentTextVersion,
          at: iso(session.consentAt),
          ip: session.consentIp,
        })),
    };
  }

  async function evidencePack(viewer: Staff, applicationId: string, ip: string) {
    const application = await store.application(applicationId);
    if (!application) {
      throw new HttpError(404, EVIDENCE_MESSAGES.applicationNotFound, 'APPLICATION_NOT_FOUND');
    }
    const at = clock.now();
    const user = (await store.user(application.userId))!;
    const [registration, organization, sectionRows, history, agreement, files, ekyc] =
      await Promise.all([
        store.registration(application.userId),
        store.organization(application.organizationId),
        store.sectionsOf(application.id),
        store.applicationHistory(application.id),
        store.agreementOf(application.id),
        store.allFilesOf(application.id),
        store.ekycSessionsOf([application.id]),
      ]);
    const [images, guarantorChecks] = await Promise.all([
      store.ekycImagesOf(ekyc.map((session) => session.id)),
      agreement ? store.guarantorChecksOf(agreement.id) : Promise.resolve([]),
    ]);
    const pack: PackFile[] = [];

    pack.push(
      jsonFile(
        'application.json',
        {
          id: application.id,
          referenceNo: application.referenceNo,
          tenant: application.tenant,
          status: application.status,
          requestedAmountSen: application.requestedAmountSen,
          tenureMonths: application.tenureMonths,
          createdAt: iso(application.createdAt),
          submittedAt: iso(application.submittedAt),
          cancelledAt: iso(application.cancelledAt),
          organization: organization && {
            type: organization.organizationType,
            companyName: organization.companyName,
            registrationNo: organization.newBusinessRegistrationNo,
          },
          sections: sections(sectionRows),
          statusHistory: history.map((row) => ({
            from: row.fromStatus,
            to: row.toStatus,
            actor: row.actor,
            reason: row.reason,
            at: iso(row.at),
          })),
        },
        'the application as submitted and every change of its status',
      ),
      jsonFile(
        'consents.json',
        consentsOf(user, registration, ekyc),
        'consents given, each with the version of the text accepted',
      ),
      jsonFile(
        'ekyc.json',
        {
          applicant: ekyc.map((session) => ({
            id: session.id,
            provider: session.provider,
            providerRef: session.providerRef,
            status: session.status,
            result: session.resultMessage,
            startedAt: iso(session.createdAt),
            completedAt: iso(session.completedAt),
            confirmedAt: iso(session.confirmedAt),
            // Biometric images stay in the case file: the pack says they were captured.
            images: images
              .filter((image) => image.sessionId === session.id)
              .map((image) => ({
                kind: image.kind,
                contentType: image.contentType,
                sizeBytes: image.sizeBytes,
                capturedAt: iso(image.createdAt),
              })),
          })),
          // Each guarantor's check, passed or not: a guarantor never checked shows as such.
          guarantors: guarantorChecks.map((guarantor) => ({
            position: guarantor.position,
            role: guarantor.role,
            name: openText(guarantor.nameSealed),
            idNo: maskIdentityNumber(openText(guarantor.idNoSealed)),
            required: guarantor.required,
            status: guarantor.verifiedAt && guarantor.ekycProviderRef ? 'PASSED' : 'NOT_PASSED',
            providerRef: guarantor.ekycProviderRef,
            result: guarantor.ekycMessage,
            verifiedAt: iso(guarantor.verifiedAt),
          })),
        },
        'identity verification of the applicant and of every guarantor, with their results',
      ),
    );

    // What should be there but could not be read: named in missing.json, never silently left out.
    const missing: { kind: string; id: string; sha256: string; reason: string }[] = [];

    // Uploaded documents and letters kept with the application, by their kind.
    for (const file of files) {
      if (file.deletedAt) continue;
      const bytes = await readable(file.storageKey);
      if (!bytes || sha256(bytes) !== file.sha256) {
        missing.push({
          kind: file.fileType,
          id: file.id,
          sha256: file.sha256,
          reason: bytes ? 'changed since it was stored' : 'unreadable or missing',
        });
        continue;
      }
      pack.push({
        path: `documents/${safeName(file.fileType)}/${file.id}-${safeName(file.originalFileName)}`,
        bytes,
        description: `${file.fileType} uploaded ${file.createdAt.toISOString()}`,
      });
    }

    const refs = [
      `application:${application.id}`,
      ...files.map((file) => `file:${file.id}`),
      ...ekyc.map((session) => `ekyc-session:${session.id}`),
    ];

    if (agreement) {
      refs.push(`agreement:${agreement.id}`, ...(await store.loanEntityRefs(agreement.id)));
      // Collection: every contact as logged (the log is never edited), letters, terminations
      // and promises, with their audit rows.
      const collection = await store.collectionsOf(agreement.id);
      refs.push(
        ...collection.contacts.map((row) => `collection-contact:${row.id}`),
        ...collection.letters.map((row) => `collection-letter:${row.id}`),
        ...collection.terminations.map((row) => `account-termination:${row.id}`),
        ...collection.promises.map((row) => `collection-promise:${row.id}`),
        ...collection.contacts.slice(0, 1).map((row) => `collection-case:${row.accountId}`),
      );
      pack.push(
        jsonFile(
          'collections.json',
          {
            contactLog: collection.contacts.map((row) => ({
              id: row.id,
              at: iso(row.at),
              businessDate: row.businessDate,
              channel: row.channel,
              kind: row.kind,
              subject: row.subject,
              body: row.body,
              outcome: row.outcome,
              letterId: row.letterId,
              language: row.language,
              actor: row.actor,
            })),
            letters: collection.letters.map((row) => ({
              id: row.id,
              kind: row.kind,
              version: row.version,
              language: row.language,
              issuedOn: row.issuedOn,
              overdueSen: row.overdueSen,
              lateChargesSen: row.lateChargesSen,
              remedyBy: row.remedyBy,
              issuedBy: row.issuedBy,
              sha256: row.sha256,
              emailedAt: iso(row.emailedAt),
            })),
            terminations: collection.terminations.map((row) => ({
              ...row,
              proposedAt: iso(row.proposedAt),
              decidedAt: iso(row.decidedAt),
            })),
            promises: collection.promises.map((row) => ({
              ...row,
              recordedAt: iso(row.recordedAt),
            })),
          },
          'collection: every contact made (hours and frequency checked), letters, terminations and promises to pay',
        ),
      );
      const [
        agreementHistory,
        attestation,
        documents,
        signatures,
        stamp,
        payments,
        templates,
        reads,
      ] = await Promise.all([
        store.agreementHistory(agreement.id),
        store.attestation(agreement.id),
        store.agreementDocumentsOf(agreement.id),
        store.signaturesOf(agreement.id),
        store.stampOf(agreement.id),
        store.paymentsOf([agreement.id]),
        store.templateVersions(
          [agreement.pdpNoticeTemplateId, agreement.loanTermsTemplateId].filter(
            (id): id is string => id !== null,
          ),
        ),
        store.documentReadsOf(agreement.id),
      ]);
      // Null: the agreement predates versioned templates and was shown the shipped text.
      const template = (id: string | null) => templates.find((row) => row.id === id) ?? null;
      pack.push(
        jsonFile(
          'agreement.json',
          {
            id: agreement.id,
            agreementNo: agreement.agreementNo,
            status: agreement.status,
            amountSen: agreement.amountSen,
            approvedAmountSen: agreement.approvedAmountSen,
            tenureMonths: agreement.tenureMonths,
            annualRateBp: agreement.annualRateBp,
            secured: agreement.secured,
            settingsVersion: agreement.settingsVersion,
            // The wording of the notices shown before signing: the versions frozen with it.
            noticeTemplates: {
              pdpNotice: template(agreement.pdpNoticeTemplateId),
              loanTerms: template(agreement.loanTermsTemplateId),
            },
            offer: agreement.offer,
            acceptedAt: iso(agreement.acceptedAt),
            signedAt: iso(agreement.signedAt),
            cancelledAt: iso(agreement.cancelledAt),
            cancelReason: agreement.cancelReason,
            statusHistory: agreementHistory.map((row) => ({
              from: row.fromStatus,
              to: row.toStatus,
              actor: row.actor,
              reason: row.reason,
              at: iso(row.at),
            })),
            signatures: signatures.map((row) => ({
              role: row.role,
              signer: openText(row.signerName),
              idNo: maskIdentityNumber(openText(row.signerIdNo)),
              documentId: row.documentId,
              signedAt: iso(row.signedAt),
              otpVerifiedAt: iso(row.otpVerifiedAt),
              otpSentTo: row.otpSentTo,
              ip: row.ip,
              userAgent: row.userAgent,
              signedSha256: row.signedSha256,
              certificateSerial: row.certificateSerial,
            })),
            // What each signer opened in the signing screen before their code was sent: the
            // document by kind and the SHA-256 of the bytes shown, first opening of each.
            documentsOpened: [...reads].sort(byOpening).map((row) => ({
              signer: row.signerRef.startsWith('guarantor:') ? 'GUARANTOR' : 'BORROWER',
              signerRef: row.signerRef,
              kind: row.documentKind,
              sha256: row.documentSha256,
              openedAt: iso(row.openedAt),
              ip: row.ip,
            })),
            stamp: stamp && {
              certificateNo: stamp.certificateNo,
              documentId: stamp.documentId,
              issuedAt: iso(stamp.issuedAt),
            },
          },
          'the agreement, its terms, status history, signatures and stamp',
        ),
        jsonFile(
          'attestation.json',
          {
            option: attestation.choice?.option ?? null,
            chosenAt: iso(attestation.choice?.chosenAt),
            completedBy: attestation.choice?.completedBy ?? null,
            approvedBy: attestation.choice?.approvedBy ?? null,
            videoViewings: attestation.viewings.map((viewing) => ({
              id: viewing.id,
              videoId: viewing.videoId,
              language: viewing.language,
              videoDurationMs: viewing.durationMs,
              startedAt: iso(viewing.startedAt),
              endedAt: iso(viewing.endedAt),
              watchedMs: viewing.endedAt
                ? viewing.endedAt.getTime() - viewing.startedAt.getTime()
                : null,
            })),
            explainBackChecks: attestation.checks.map((check) => ({
              viewingId: check.viewingId,
              questions: check.questions,
              answers: check.answers,
              passed: check.passed,
              shownAt: iso(check.shownAt),
              submittedAt: iso(check.submittedAt),
              answeredInMs: check.submittedAt.getTime() - check.shownAt.getTime(),
            })),
            liveCalls: attestation.bookings.map(({ booking, startsAt, endsAt, officerId }) => ({
              status: booking.status,
              startsAt: iso(startsAt),
              endsAt: iso(endsAt),
              officerId,
              meetingId: booking.meetingId,
              outcomeBy: booking.outcomeBy,
              outcomeAt: iso(booking.outcomeAt),
              outcomeNotes: booking.outcomeNotes,
            })),
          },
          'attestation: video watched, explain-back answers and timings, live call outcomes',
        ),
      );

      // Every version of the agreement, the deeds of guarantee and the stamp certificate, each
      // checked again now: the kept bytes against their SHA-256 and every signature in them.
      const report = [];
      for (const document of documents) {
        refs.push(`agreement-document:${document.id}`);
        if (document.guarantorId) refs.push(`guarantor:${document.guarantorId}`);
        const bytes = await readable(document.storageKey);
        const path = `agreement/${safeName(document.kind.toLowerCase())}${
          document.guarantorId ? `-${document.guarantorId}` : ''
        }-v${document.version}-${safeName(document.stage.toLowerCase())}.pdf`;
        const checks = bytes ? checkSignatures(bytes) : [];
        report.push({
          path: bytes ? path : null,
          documentId: document.id,
          kind: document.kind,
          guarantorId: document.guarantorId,
          version: document.version,
          stage: document.stage,
          verificationCode: document.verificationCode,
          frozenAt: iso(document.createdAt),
          recordedSha256: document.sha256,
          keptSha256: bytes ? sha256(bytes) : null,
          bytesMatchRecord: bytes !== null && sha256(bytes) === document.sha256,
          signatures: checks,
          allSignaturesIntact: checks.every((check) => check.intact),
        });
        if (bytes) {
          pack.push({
            path,
            bytes,
            description: `${document.kind} version ${document.version} (${document.stage})`,
          });
        }
      }
      pack.push(
        jsonFile(
          'agreement/verification-report.json',
          { checkedAt: at.toISOString(), documents: report },
          'each agreement document checked against its recorded SHA-256 and its signatures',
        ),
      );

      pack.push(
        jsonFile(
          'payments.json',
          payments.map(({ payment, receipt }) => ({
            receiptNo: payment.receiptNo,
            amountSen: payment.amountSen,
            channel: payment.channel,
            externalRef: payment.externalRef,
            paidAt: iso(payment.paidAt),
            businessDate: payment.businessDate,
            outstandingAfterSen: payment.outstandingAfterSen,
            receiptSha256: receipt?.sha256 ?? null,
          })),
          'payments received, with their receipt numbers',
        ),
      );
      for (const { payment, receipt } of payments) {
        refs.push(`payment:${payment.id}`);
        if (!receipt) continue;
        const bytes = await readable(receipt.storageKey);
        if (!bytes || sha256(bytes) !== receipt.sha256) {
          missing.push({
            kind: 'RECEIPT',
            id: receipt.id,
            sha256: receipt.sha256,
            reason: bytes ? 'changed since it was stored' : 'unreadable or missing',
          });
          continue;
        }
        pack.push({
          path: `receipts/${safeName(payment.receiptNo)}.pdf`,
          bytes,
          description: `receipt ${payment.receiptNo}`,
        });
      }
    }

    if (missing.length > 0) {
      pack.push(jsonFile('missing.json', missing, 'files on record that could not be included'));
    }
    pack.push({
      path: 'audit-trail.csv',
      bytes: auditCsv(await store.auditOf(refs)),
      description: 'the audit trail of the application and its agreement',
    });

    const built = buildZip(pack, {
      kind: 'evidence-pack',
      generatedAt: at.toISOString(),
      generatedBy: `staff:${viewer.staffId}`,
      applicationId: application.id,
      agreementId: agreement?.id ?? null,
    });
    await writeAudit(deps.db, {
      action: 'evidence.pack_downloaded',
      actor: `staff:${viewer.staffId}`,
      subject: `user:${application.userId}`,
      entity: `application:${application.id}`,
      ip,
      at,
      // What left, by its fingerprint: the pack itself can be matched to this row later.
      detail: {
        agreementId: agreement?.id ?? null,
        files: built.manifest.files.length,
        sizeBytes: built.zip.length,
        sha256: sha256(built.zip),
      },
    });
    const name = agreement?.agreementNo ?? application.referenceNo;
    return {
      fileName: `evidence-${safeName(name)}-${malaysiaDate(at)}.zip`,
      zip: built.zip,
      manifest: built.manifest,
    } satisfies ZipDownload;
  }

  /**
   * The person's own data (PDPA s.30 access request): their profile, consents, applications
   * with what they submitted about themselves and their business, agreements and payments.
   * What others are (directors, emergency contacts, guarantors) is left out but counted, and no
   * secret (password hash, tokens, codes) is ever read here.
   */
  async function personalData(userId: string, actorRef: string, ip: string) {
    const user = await store.user(userId);
    if (!user) throw new HttpError(404, EVIDENCE_MESSAGES.userNotFound, 'NOT_FOUND');
    const at = clock.now();
    const [registration, applications, agreements] = await Promise.all([
      store.registration(userId),
      store.applicationsOf(userId),
      store.agreementsOfUser(userId),
    ]);
    const ekyc = await store.ekycSessionsOf(applications.map((row) => row.id));
    const payments = await store.paymentsOf(agreements.map((row) => row.id));
    const applicationData = [];
    for (const application of applications) {
      const [organization, sectionRows, history, files] = await Promise.all([
        store.organization(application.organizationId),
        store.sectionsOf(application.id),
        store.applicationHistory(application.id),
        store.allFilesOf(application.id),
      ]);
      const others = sections(sectionRows, ['directors', 'emergencyContacts']);
      // A section holds its people as a list, or as lists inside an object.
      const count = (value: unknown): number =>
        Array.isArray(value)
          ? value.length
          : value && typeof value === 'object'
            ? Object.values(value)
                .filter(Array.isArray)
                .reduce((n, list) => n + list.length, 0)
            : 0;
      applicationData.push({
        referenceNo: application.referenceNo,
        status: application.status,
        requestedAmountSen: application.requestedAmountSen,
        tenureMonths: application.tenureMonths,
        createdAt: iso(application.createdAt),
        submittedAt: iso(application.submittedAt),
        organization: organization && {
          type: organization.organizationType,
          companyName: organization.companyName,
          registrationNo: organization.newBusinessRegistrationNo,
          applicantName: organization.applicantName,
          applicantEmail: organization.applicantEmail,
          applicantContactNo: organization.applicantContactNo,
        },
        sections: sections(sectionRows, ['company', 'applicant', 'disbursement']),
        otherPeopleNamed: {
          directors: count(others.directors),
          emergencyContacts: count(others.emergencyContacts),
        },
        statusHistory: history.map((row) => ({
          from: row.fromStatus,
          to: row.toStatus,
          by: actorKind(row.actor),
          at: iso(row.at),
        })),
        documents: files.map((file) => ({
          kind: file.fileType,
          fileName: file.originalFileName,
          sizeBytes: file.sizeBytes,
          uploadedAt: iso(file.createdAt),
          removedAt: iso(file.deletedAt),
        })),
        identityVerification: ekyc
          .filter((session) => session.applicationId === application.id)
          .map((session) => ({
            status: session.status,
            result: session.resultMessage,
            startedAt: iso(session.createdAt),
            completedAt: iso(session.completedAt),
          })),
      });
    }
    const data = {
      generatedAt: at.toISOString(),
      profile: {
        email: user.email,
        name: user.firstName,
        phoneNo: user.phoneNo,
        identityCardNo: user.nric,
        language: user.language,
        tinNumber: user.tinNumber,
        residentialAddress: [
          user.residentialAddress1,
          user.residentialAddress2,
          user.residentialAddress3,
        ].filter((line): line is string => Boolean(line)),
        registeredAt: iso(user.createdAt),
        deletedAt: iso(user.deletedAt),
      },
      registration: registration && {
        birthDate: registration.applicantBirthDate,
        gender: registration.applicantGender,
        establishedDate: registration.establishedDate,
        referralSourceOther: registration.referralSourceOther,
      },
      consents: consentsOf(user, registration, ekyc),
      applications: applicationData,
      agreements: await Promise.all(
        agreements.map(async (agreement) => ({
          agreementNo: agreement.agreementNo,
          status: agreement.status,
          amountSen: agreement.amountSen,
          tenureMonths: agreement.tenureMonths,
          annualRateBp: agreement.annualRateBp,
          secured: agreement.secured,
          offer: agreement.offer,
          acceptedAt: iso(agreement.acceptedAt),
          signedAt: iso(agreement.signedAt),
          cancelledAt: iso(agreement.cancelledAt),
          statusHistory: (await store.agreementHistory(agreement.id)).map((row) => ({
            from: row.fromStatus,
            to: row.toStatus,
            by: actorKind(row.actor),
            at: iso(row.at),
          })),
        })),
      ),
      payments: payments.map(({ payment }) => ({
        agreementNo: agreements.find((row) => row.id === payment.agreementId)?.agreementNo,
        receiptNo: payment.receiptNo,
        amountSen: payment.amountSen,
        channel: payment.channel,
        paidAt: iso(payment.paidAt),
      })),
    };
    const built = buildZip(
      [jsonFile('personal-data.json', data, 'your personal data as the lender keeps it')],
      { kind: 'personal-data', generatedAt: at.toISOString(), generatedBy: actorRef, userId },
    );
    await writeAudit(deps.db, {
      action: 'personal_data.exported',
      actor: actorRef,
      subject: `user:${userId}`,
      entity: `user:${userId}`,
      ip,
      at,
      detail: { sizeBytes: built.zip.length, sha256: sha256(built.zip) },
    });
    return {
      fileName: `personal-data-${malaysiaDate(at)}.zip`,
      zip: built.zip,
      manifest: built.manifest,
    } satisfies ZipDownload;
  }

  return {
    evidencePack,

    /** The signed-in applicant's own data; nobody else's can be asked for here. */
    myData(viewer: Extract<Principal, { kind: 'applicant' }>, ip: string) {
      return personalData(viewer.userId, `user:${viewer.userId}`, ip);
    },

    /** A person's data, produced by staff for the person's request. */
    userData(viewer: Staff, userId: string, ip: string) {
      return personalData(userId, `staff:${viewer.staffId}`, ip);
    },

    /**
     * The retention job: removes the uploaded documents and eKYC images of applications rejected
     * or cancelled longer ago than the tenant's retention period. Kept, because the law or an
     * audit needs them: the audit log (who did what, never rewritten), the application, its
     * status history and decision, the eKYC results and consents (the record of how the
     * decision was made and what was agreed to), and each removed file's row (its kind, name,
     * size and SHA-256: proof of what was provided, without the document). Agreements are never
     * touched: a rejected or cancelled application has no signed one. Safe to run twice: what is
     * gone is not found again. A crash after the commit leaves objects no live row names, which
     * the start-up sweep of stored files removes.
     */
    async removeExpiredDocuments(): Promise<Record<string, number>> {
      const now = clock.now();
      const counts = { applications: 0, files: 0, ekycImages: 0 };
      for (const tenant of await store.tenants()) {
        const days = closedApplicationRetentionDays(await deps.settings.currentSettings(tenant));
        const closedBefore = new Date(now.getTime() - days * DAY_MS);
        for (const expired of await store.expiredWithDocuments(tenant, closedBefore)) {
          const removed = await store.removeDocuments(expired, now, days);
          if (removed.files + removed.ekycImages === 0) continue;
          counts.applications += 1;
          counts.files += removed.files;
          counts.ekycImages += removed.ekycImages;
          for (const key of removed.storageKeys) await storage.delete(key);
        }
      }
      return counts;
    },
  };
}

export type EvidenceService = ReturnType<typeof createEvidenceService>;
