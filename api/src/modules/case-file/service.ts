import type { Readable } from 'node:stream';

import {
  type Application,
  type ApplicationStatus,
  CASE_FILE_PATHS,
  type CaseFile,
  type CaseFileAuditEntry,
  type CaseFileEkyc,
  type CaseFileEligibilityRule,
  type CaseFileNote,
  type CaseFilePsychometric,
  type EkycImageKind,
  type EligibilityRuleName,
  type StaffRef,
  type TenantId,
  type UploadedFile,
} from '@lending/contracts';
import { checkEligibility } from '@lending/domain';

import type { Principal } from '../../http/access';
import type { Clock } from '../../kernel/clock';
import { HttpError } from '../../kernel/errors';
import type { ApplicationService } from '../applications/service';
import type { DecisionService } from '../decisions/service';
import type { CaseFileStore, NoteRow } from './store';

type Staff = Extract<Principal, { kind: 'staff' }>;

/** What the file needs of the other modules, each through its own service. */
export interface CaseFileDeps {
  store: CaseFileStore;
  clock: Clock;
  applications: Pick<ApplicationService, 'get' | 'listOf' | 'applicationById' | 'statusHistory'>;
  files: {
    list(principal: Principal, applicationId: string): Promise<UploadedFile[]>;
    read(
      principal: Principal,
      fileId: string,
    ): Promise<{ file: UploadedFile; stream: Readable | NodeJS.ReadableStream }>;
  };
  ekyc: {
    outcomeFor(applicationId: string): Promise<
      | (Omit<CaseFileEkyc, 'images'> & {
          images: { kind: EkycImageKind; contentType: string }[];
        })
      | null
    >;
    image(
      applicationId: string,
      sessionId: string,
      kind: EkycImageKind,
    ): Promise<{ contentType: string; content: Buffer } | null>;
  };
  psychometric: { resultFor(applicationId: string): Promise<CaseFilePsychometric | null> };
  decisions: Pick<DecisionService, 'openRecommendation'>;
  users: {
    byId(id: string): Promise<
      | {
          allowToApplyNewLoanAfter: Date | null;
          newLoanBlockKind: 'REJECTION' | 'TEMPORARY_BAN' | null;
        }
      | undefined
    >;
  };
}

const DOCUMENT_NOT_FOUND = 'Document not found';
const IMAGE_NOT_FOUND = 'Image not found';

const staffIdOf = (actor: string | null) =>
  actor?.startsWith('staff:') ? actor.slice('staff:'.length) : null;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The eligibility rules checked against what the application itself states. The check before
 * registration keeps no answers, so a rule the forms do not ask about (turnover, income,
 * telecom account) is shown as not stated rather than guessed.
 */
export function eligibilityFromApplication(
  application: Application,
  tenant: TenantId,
  today: Date,
): CaseFileEligibilityRule[] {
  const { applicant, company } = application.sections;
  const citizen = applicant ? applicant.identityCardType === 'MYKAD' : null;
  const stated: Partial<Record<EligibilityRuleName, string | null>> = {
    citizen: citizen === null ? null : citizen ? 'MYKAD' : 'PASSPORT',
    age: applicant ? String(applicant.age) : null,
    businessAge: company?.establishedDate ?? null,
  };
  // Rules whose inputs are not stated are run on placeholders and their verdict dropped.
  const result = checkEligibility(
    {
      isMalaysianCitizen: citizen ?? false,
      ...(applicant?.dateOfBirth ? { birthDate: applicant.dateOfBirth } : {}),
      businessEstablishedDate: company?.establishedDate ?? '1900-01-01',
      annualTurnoverSen: 0,
      grossMonthlyIncomeSen: 0,
      telecomPostpaidSince: null,
    },
    { today, tenant },
  );
  return result.rules.map((outcome) => {
    const value = stated[outcome.rule] ?? null;
    return { rule: outcome.rule, stated: value, pass: value === null ? null : outcome.pass };
  });
}

export function createCaseFileService(deps: CaseFileDeps) {
  const { store, clock, applications } = deps;

  async function staffRefs(ids: (string | null | undefined)[]): Promise<Map<string, StaffRef>> {
    const wanted = [...new Set(ids.filter((id): id is string => !!id && UUID.test(id)))];
    return new Map((await store.staffByIds(wanted)).map((one) => [one.id, one]));
  }

  const refOf = (staff: Map<string, StaffRef>, id: string | null | undefined) =>
    (id && staff.get(id)) || null;

  function toNote(row: NoteRow, staff: Map<string, StaffRef>): CaseFileNote {
    return {
      id: row.id,
      body: row.body,
      author: refOf(staff, row.staffId),
      createdAt: row.createdAt.toISOString(),
    };
  }

  async function documentOf(viewer: Staff, applicationId: string, documentId: string) {
    await applications.applicationById(applicationId);
    if (!UUID.test(documentId)) throw new HttpError(404, DOCUMENT_NOT_FOUND);
    const found = await deps.files.read(viewer, documentId);
    // A document of another application is not this file's.
    if (found.file.applicationId !== applicationId) throw new HttpError(404, DOCUMENT_NOT_FOUND);
    return found;
  }

  return {
    async file(viewer: Staff, applicationId: string): Promise<CaseFile> {
      const row = await applications.applicationById(applicationId);
      const [
        application,
        history,
        files,
        ekyc,
        psychometric,
        user,
        earlier,
        notes,
        interview,
        referbacks,
        recommended,
        audit,
      ] = await Promise.all([
        applications.get(viewer, applicationId),
        applications.statusHistory(applicationId),
        deps.files.list(viewer, applicationId),
        deps.ekyc.outcomeFor(applicationId),
        deps.psychometric.resultFor(applicationId),
        deps.users.byId(row.userId),
        applications.listOf(viewer, row.userId),
        store.notesOf(applicationId),
        store.currentInterview(applicationId),
        store.referbacksOf(applicationId),
        deps.decisions.openRecommendation(applicationId),
        store.auditTrail(applicationId),
      ]);
      const staff = await staffRefs([
        row.assignedOfficerId,
        ...notes.map((note) => note.staffId),
        interview?.requestedBy,
        ...referbacks.map((one) => one.requestedBy),
        recommended?.recommendation.recommendedBy,
        ...(recommended?.approvals.map((one) => one.approverId) ?? []),
        ...history.map((change) => staffIdOf(change.actor)),
        ...audit.map((entry) => staffIdOf(entry.actor)),
      ]);
      const now = clock.now();
      const bannedUntil = user?.allowToApplyNewLoanAfter;
      const company = application.sections.company;
      return {
        application,
        status: row.status as ApplicationStatus,
        version: row.version,
        assignedOfficer: refOf(staff, row.assignedOfficerId),
        assignedAt: row.assignedAt?.toISOString() ?? null,
        companyName: company?.companyName ?? '',
        businessRegistrationNo: company?.newBusinessRegistrationNo ?? '',
        documents: files.map((file) => ({
          ...file,
          url: CASE_FILE_PATHS.document(applicationId, file.id),
        })),
        ekyc: ekyc
          ? {
              sessionId: ekyc.sessionId,
              status: ekyc.status,
              message: ekyc.message,
              completedAt: ekyc.completedAt,
              confirmedAt: ekyc.confirmedAt,
              consentAt: ekyc.consentAt,
              images: ekyc.images.map((image) => ({
                ...image,
                url: CASE_FILE_PATHS.ekycImage(applicationId, ekyc.sessionId, image.kind),
              })),
            }
          : null,
        psychometric,
        eligibility: eligibilityFromApplication(application, row.tenant as TenantId, now),
        applicant: {
          userId: row.userId,
          earlierApplications: earlier.filter((one) => one.id !== applicationId),
          ban:
            bannedUntil && bannedUntil > now
              ? { until: bannedUntil.toISOString(), kind: user?.newLoanBlockKind ?? null }
              : null,
        },
        notes: notes.map((note) => toNote(note, staff)),
        interview: interview
          ? {
              id: interview.id,
              scheduledAt: interview.scheduledAt.toISOString(),
              mode: interview.mode,
              details: interview.details,
              requestedBy: refOf(staff, interview.requestedBy),
              requestedAt: interview.requestedAt.toISOString(),
              outcome: interview.outcome,
              outcomeNote: interview.outcomeNote,
              outcomeRecordedAt: interview.outcomeRecordedAt?.toISOString() ?? null,
            }
          : null,
        referbacks: referbacks.map((one) => ({
          id: one.id,
          items: one.items,
          requestedBy: refOf(staff, one.requestedBy),
          requestedAt: one.requestedAt.toISOString(),
          resolvedAt: one.resolvedAt?.toISOString() ?? null,
        })),
        recommendation: recommended
          ? {
              id: recommended.recommendation.id,
              recommendedBy: refOf(staff, recommended.recommendation.recommendedBy),
              amountSen: recommended.recommendation.amountSen,
              tenureMonths: recommended.recommendation.tenureMonths,
              annualRateBp: recommended.recommendation.annualRateBp,
              secured: recommended.recommendation.secured,
              settingsVersion: recommended.recommendation.settingsVersion,
              offer: recommended.recommendation.offer as Record<string, unknown>,
              complianceReview: recommended.recommendation.complianceReview,
              approvalLevels: recommended.recommendation.approvalLevels,
              createdAt: recommended.recommendation.createdAt.toISOString(),
              approvals: recommended.approvals.map((one) => ({
                level: one.level,
                approver: refOf(staff, one.approverId),
                approvedAt: one.approvedAt.toISOString(),
              })),
            }
          : null,
        statusHistory: history.map((change) => ({
          ...change,
          staff: refOf(staff, staffIdOf(change.actor)),
        })),
        auditTrail: audit.map((entry): CaseFileAuditEntry => ({
          id: entry.id,
          action: entry.action,
          actor: entry.actor,
          staff: refOf(staff, staffIdOf(entry.actor)),
          entity: entry.entity,
          from: entry.fromStatus,
          to: entry.toStatus,
          reason: entry.reason,
          at: entry.at.toISOString(),
        })),
      };
    },

    async addNote(
      viewer: Staff,
      applicationId: string,
      body: string,
      ip: string,
    ): Promise<CaseFileNote> {
      await applications.applicationById(applicationId);
      const text = body.trim();
      if (!text) throw new HttpError(400, 'Please write the note', 'VALIDATION_FAILED');
      const row = await store.addNote(
        { applicationId, staffId: viewer.staffId, body: text },
        {
          actor: `staff:${viewer.staffId}`,
          subject: `application:${applicationId}`,
          ip,
        },
      );
      return toNote(row, await staffRefs([viewer.staffId]));
    },

    /** A document of the application, opened, with the view recorded before a byte is sent. */
    async document(viewer: Staff, applicationId: string, documentId: string, ip: string) {
      const found = await documentOf(viewer, applicationId, documentId);
      await store.recordView({
        action: 'case_file.document_viewed',
        actor: `staff:${viewer.staffId}`,
        subject: `application:${applicationId}`,
        entity: `file:${documentId}`,
        ip,
        detail: { fileId: documentId, fileType: found.file.fileType },
      });
      return found;
    },

    async ekycImage(
      viewer: Staff,
      applicationId: string,
      sessionId: string,
      kind: EkycImageKind,
      ip: string,
    ) {
      await applications.applicationById(applicationId);
      const image = await deps.ekyc.image(applicationId, sessionId, kind);
      if (!image) throw new HttpError(404, IMAGE_NOT_FOUND);
      await store.recordView({
        action: 'case_file.ekyc_image_viewed',
        actor: `staff:${viewer.staffId}`,
        subject: `application:${applicationId}`,
        entity: `ekyc-session:${sessionId}`,
        ip,
        detail: { sessionId, kind },
      });
      return image;
    },
  };
}

export type CaseFileService = ReturnType<typeof createCaseFileService>;
