import type {
  ApplicantDetails,
  Application,
  ApplicationListItem,
  ApplicationProgressStep,
  ApplicationSection,
  ApplicationSections,
  ApplicationStatus,
  CompanyDetails,
  CreateApplicationRequest,
  DirectorDetails,
  DisbursementDetails,
  EmergencyContactDetails,
  LoanRequest,
  MissingItem,
  Organization,
  OrganizationType,
  TenantId,
} from '@lending/contracts';
import {
  ageOn,
  formatReferenceNo,
  identityNumberFor,
  isEditableApplicationStatus,
  malaysiaDate,
  requiredSections,
  simulateInstalments,
} from '@lending/domain';

import type { Sealer } from '../../crypto/sealed';
import type { Principal } from '../../http/access';
import { identityNumberOf, identityReaderOf } from '../../http/identity-numbers';
import type { Clock } from '../../kernel/clock';
import { badRequest, HttpError, sentence } from '../../kernel/errors';
import {
  type ApplicationRow,
  type ApplicationStore,
  isOpenApplicationConflict,
  type Lookups,
  type OrganizationChanges,
  type OrganizationRow,
  type OrmTransaction,
  type ReferbackRow,
  type SectionRow,
  type StatusChange,
} from './store';
import {
  checkApplicant,
  checkCompany,
  checkDirectors,
  checkDisbursement,
  checkEmergencyContacts,
  checkLoan,
  phone,
  type StoredApplicant,
  type StoredCompany,
  type StoredDirectors,
  type StoredDisbursement,
  type StoredEmergencyContacts,
} from './validation';

export type { ApplicationRow, OrmTransaction, ReferbackRow, StatusChange } from './store';

/** What a check contributed by another module (documents...) is told about the application. */
export interface SubmitSubject {
  id: string;
  userId: string;
  organizationId: string;
  organizationType: OrganizationType;
  status: ApplicationStatus;
  progress: string[];
}

/** Adds what still stands between an application and its submission (e.g. missing files). */
export type SubmitCheck = (application: SubmitSubject) => Promise<MissingItem[]>;

export interface ApplicationServiceDeps {
  store: ApplicationStore;
  sealer: Sealer;
  clock: Clock;
  submitChecks?: SubmitCheck[];
  /** Whether the person's current email is verified (the verification module knows). */
  emailVerified?: (userId: string) => Promise<boolean>;
  log?: { info(object: unknown, message: string): void };
}

export const SUBMIT_REFUSED = 'Please complete your application before submitting';
export const ONE_OPEN_APPLICATION =
  'You already have an application in progress; continue it or cancel it first';
const NOT_EDITABLE = 'This application can no longer be changed';
export const NOT_REFERRED =
  'Only the parts of your application referred back to you can be changed now';

/** What an applicant changes while the application is referred back. */
export interface ReferredChange {
  kind: 'section' | 'document';
  /** A section name, `loan`, or a document file type. */
  target: string;
}

/**
 * While referred back, only what the lender listed may change. A referral back with no open
 * list (none recorded) restricts nothing beyond the status itself.
 */
export function assertReferred(referback: ReferbackRow | undefined, change: ReferredChange): void {
  if (!referback) return;
  const listed = referback.items.some(
    (item) => item.kind === change.kind && item.target === change.target,
  );
  if (!listed) throw new HttpError(409, NOT_REFERRED, 'REFERBACK_NOT_REFERRED');
}

const ORGANIZATION_NOT_FOUND = 'Organization not found';

interface StoredSections {
  company: StoredCompany | null;
  applicant: StoredApplicant | null;
  disbursement: StoredDisbursement | null;
  emergencyContacts: StoredEmergencyContacts | null;
  directors: StoredDirectors | null;
}

/** The body each section's path takes, by section. */
interface SectionInputs {
  company: CompanyDetails;
  applicant: ApplicantDetails;
  disbursement: DisbursementDetails;
  emergencyContacts: EmergencyContactDetails;
  directors: DirectorDetails;
}

/** What a section's check is given: master data, the organization and the other sections. */
interface SectionContext {
  lookups: Lookups;
  organization: OrganizationRow;
  stored: StoredSections;
  now: Date;
}

/** How one section is saved: its check (answering what is stored), the organization columns it
 *  keeps up to date, and the progress step that completing the form records. */
interface SectionRule<S extends ApplicationSection> {
  check(input: SectionInputs[S], context: SectionContext): Promise<StoredSections[S]>;
  organization?(stored: NonNullable<StoredSections[S]>): OrganizationChanges;
  step: ApplicationProgressStep;
}

const SECTION_RULES: { [S in ApplicationSection]: SectionRule<S> } = {
  company: {
    check: (input, { lookups, organization, now }) =>
      checkCompany(lookups, organization, input, now),
    // The organization keeps the latest name and contact number (kept after a cancellation).
    organization: (company) => ({
      companyName: company.companyName,
      businessContactNo: company.businessContactNo,
    }),
    step: 'APPLICATIONFORMCOMPLETED',
  },
  applicant: {
    check: (input, { lookups, stored, now }) =>
      checkApplicant(lookups, input, stored.emergencyContacts, now),
    step: 'APPLICATIONFORMCOMPLETED',
  },
  disbursement: {
    check: (input, { lookups }) => checkDisbursement(lookups, input),
    step: 'APPLICATIONFORMCOMPLETED',
  },
  emergencyContacts: {
    check: (input, { lookups, stored }) =>
      checkEmergencyContacts(lookups, input, stored.applicant?.personalEmail ?? null),
    step: 'APPLICATIONFORMCOMPLETED',
  },
  directors: {
    check: (input, { organization, now }) =>
      Promise.resolve(checkDirectors(organization.organizationType, input, now)),
    step: 'APPLICATIONFORMCOMPLETED',
  },
};

const actorRefOf = (principal: Principal) =>
  principal.kind === 'staff' ? `staff:${principal.staffId}` : `user:${principal.userId}`;

export function createApplicationService(deps: ApplicationServiceDeps) {
  const { store, sealer, clock } = deps;
  const submitChecks = deps.submitChecks ?? [];

  async function organizationOf(row: ApplicationRow): Promise<OrganizationRow> {
    const organization = await store.organizationById(row.organizationId);
    if (!organization) throw new HttpError(404, ORGANIZATION_NOT_FOUND);
    return organization;
  }

  function openSections(rows: SectionRow[]): StoredSections {
    const sections: StoredSections = {
      company: null,
      applicant: null,
      disbursement: null,
      emergencyContacts: null,
      directors: null,
    };
    for (const row of rows) {
      (sections as unknown as Record<string, unknown>)[row.section] = sealer.openJson(
        row.sealedData,
      );
    }
    return sections;
  }

  async function storedSections(applicationId: string): Promise<StoredSections> {
    return openSections(await store.sectionsOf(applicationId));
  }

  async function missingOf(
    row: ApplicationRow,
    organizationType: OrganizationType,
    sections: StoredSections,
  ): Promise<MissingItem[]> {
    const missing: MissingItem[] = [];
    if (row.requestedAmountSen === null || row.tenureMonths === null || row.loanReasonId === null) {
      missing.push({ kind: 'loan' });
    }
    for (const section of requiredSections(organizationType)) {
      if (!sections[section]) missing.push({ kind: 'section', section });
    }
    if (!row.progress.includes('EMAILVERIFICATIONCOMPLETED')) {
      missing.push({ kind: 'emailVerification' });
    }
    const subject: SubmitSubject = {
      id: row.id,
      userId: row.userId,
      organizationId: row.organizationId,
      organizationType,
      status: row.status as ApplicationStatus,
      progress: row.progress,
    };
    for (const check of submitChecks) missing.push(...(await check(subject)));
    return missing;
  }

  function readableSections(
    stored: StoredSections,
    viewer: Principal,
    ownerUserId: string,
  ): ApplicationSections {
    const reader = identityReaderOf(viewer, ownerUserId);
    const identityNo = (value: string) => identityNumberFor(reader, value);
    const { applicant, emergencyContacts, directors } = stored;
    return {
      company: stored.company,
      applicant: applicant
        ? {
            ...applicant,
            identityCardNo: identityNo(applicant.identityCardNo),
            age: ageOn(applicant.dateOfBirth, clock.now()),
          }
        : null,
      disbursement: stored.disbursement,
      emergencyContacts: emergencyContacts
        ? {
            contacts: emergencyContacts.contacts.map((contact, index) => ({
              ...contact,
              number: index + 1,
            })),
          }
        : null,
      directors: directors
        ? {
            people: directors.people.map((one) => ({
              ...one,
              identityCardNo: identityNo(one.identityCardNo),
            })),
          }
        : null,
    };
  }

  /** The application as its GET answers; `known` spares reading again what a caller holds. */
  async function toApplication(
    row: ApplicationRow,
    viewer: Principal,
    known?: { organization: OrganizationRow; stored: StoredSections },
  ): Promise<Application> {
    const organization = known?.organization ?? (await organizationOf(row));
    const organizationType = organization.organizationType;
    const stored = known?.stored ?? (await storedSections(row.id));
    const product = await store.lookups.product(row.tenant as TenantId);
    const rate = product?.unsecuredRateBp ?? null;
    // The estimate is the spec's repayment simulation (a flat monthly rate, as the product is
    // set); the approved terms, set by the lender, come with the offer.
    const estimate =
      row.requestedAmountSen !== null && row.tenureMonths !== null
        ? simulateInstalments({
            principalSen: row.requestedAmountSen,
            tenureMonths: row.tenureMonths,
            ...(product ? { monthlyRateBp: product.simulatorMonthlyRateBp } : {}),
          }).monthlyInstalmentSen
        : null;
    const status = row.status as ApplicationStatus;
    return {
      id: row.id,
      referenceNo: row.referenceNo,
      userId: row.userId,
      organizationId: row.organizationId,
      organizationType,
      status,
      applicationStatus: status,
      requestedAmountSen: row.requestedAmountSen,
      tenureMonths: row.tenureMonths,
      loanReasonId: row.loanReasonId,
      loanReasonOther: row.loanReasonOther,
      campaignCode: row.campaignCode,
      interestRateBp: rate,
      estimatedMonthlyInstalmentSen: estimate,
      progress: row.progress as Application['progress'],
      sections: readableSections(stored, viewer, row.userId),
      missing: await missingOf(row, organizationType, stored),
      submittedAt: row.submittedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /** An applicant reads their own application only; staff read any. */
  function visible(viewer: Principal, applicationId: string): Promise<ApplicationRow> {
    return viewer.kind === 'staff'
      ? store.application(applicationId)
      : store.ownedApplication(viewer.userId, applicationId);
  }

  async function editable(
    viewer: Extract<Principal, { kind: 'applicant' }>,
    applicationId: string,
  ): Promise<ApplicationRow> {
    const row = await store.ownedApplication(viewer.userId, applicationId);
    if (!isEditableApplicationStatus(row.status)) throw new HttpError(409, NOT_EDITABLE);
    return row;
  }

  async function productFor(tenant: TenantId) {
    const product = await store.lookups.product(tenant);
    if (!product) throw new HttpError(404, 'Product not found');
    return product;
  }

  async function reload(id: string, viewer: Principal): Promise<Application> {
    return toApplication(await store.application(id), viewer);
  }

  /**
   * Saves one section by its rule, in one transaction, and answers with the application as its
   * GET does, built from what the transaction read and wrote.
   */
  async function saveSection<S extends ApplicationSection>(
    viewer: Extract<Principal, { kind: 'applicant' }>,
    section: S,
    request: { applicationId: string } & SectionInputs[S],
  ): Promise<Application> {
    const { applicationId, ...input } = request;
    const rule = SECTION_RULES[section] as SectionRule<S>;
    const saved = await store.saveSection(
      { userId: viewer.userId, applicationId },
      section,
      async ({ application, organization, sections, lookups, referback }) => {
        if (!isEditableApplicationStatus(application.status)) {
          throw new HttpError(409, NOT_EDITABLE);
        }
        if (application.status === 'REFERBACK') {
          assertReferred(referback, { kind: 'section', target: section });
        }
        if (organization.deletedAt) throw new HttpError(404, ORGANIZATION_NOT_FOUND);
        const before = openSections(sections);
        const data = await rule.check(input as unknown as SectionInputs[S], {
          lookups,
          organization,
          stored: before,
          now: clock.now(),
        });
        const present = new Set([...sections.map((one) => one.section), section]);
        const complete = requiredSections(organization.organizationType).every((name) =>
          present.has(name),
        );
        return {
          sealedData: sealer.sealJson(data),
          progress: { step: rule.step, done: complete },
          ...(rule.organization && data ? { organization: rule.organization(data) } : {}),
        };
      },
    );
    // Which section changed, never what it says: it holds identity numbers and addresses.
    deps.log?.info({ applicationId, section }, 'application section saved');
    return toApplication(saved.application, viewer, {
      organization: saved.organization,
      stored: openSections(saved.sections),
    });
  }

  function toOrganization(row: OrganizationRow, viewer: Principal): Organization {
    let identityCardNo: string | null = null;
    if (row.applicantIdentityCardSealed) {
      try {
        identityCardNo = sealer.openText(row.applicantIdentityCardSealed);
      } catch {
        identityCardNo = null;
      }
    }
    return {
      id: row.id,
      userId: row.userId,
      organizationType: row.organizationType,
      companyName: row.companyName,
      newBusinessRegistrationNo: row.newBusinessRegistrationNo,
      businessContactNo: row.businessContactNo,
      applicantName: row.applicantName,
      applicantEmail: row.applicantEmail,
      applicantContactNo: row.applicantContactNo,
      applicantIdentityCardNo: identityNumberOf(viewer, row.userId, identityCardNo),
      createdAt: row.createdAt.toISOString(),
    };
  }

  return {
    async create(
      viewer: Extract<Principal, { kind: 'applicant' }>,
      request: CreateApplicationRequest,
      ip: string,
    ): Promise<Application> {
      const organization = request.organizationId
        ? await store.organizationById(request.organizationId)
        : await store.organizationOfUser(viewer.userId);
      if (!organization || organization.userId !== viewer.userId) {
        throw new HttpError(404, ORGANIZATION_NOT_FOUND);
      }
      const user = await store.userById(viewer.userId);
      const now = clock.now();
      if (user?.allowToApplyNewLoanAfter && user.allowToApplyNewLoanAfter > now) {
        throw new HttpError(
          409,
          sentence('You may apply for a new loan after {date}', {
            date: malaysiaDate(user.allowToApplyNewLoanAfter),
          }),
          'NEW_LOAN_NOT_ALLOWED',
        );
      }
      if (await store.openApplicationOf(viewer.userId)) {
        throw new HttpError(409, ONE_OPEN_APPLICATION, 'OPEN_APPLICATION_EXISTS');
      }
      const tenant = organization.tenant as TenantId;
      const loan = await checkLoan(store.lookups, await productFor(tenant), request, now);
      const year = Number(malaysiaDate(now).slice(0, 4));
      // Registration verifies the email before any draft exists: that verification counts for
      // the draft, or its email step could never be completed.
      const emailVerified = (await deps.emailVerified?.(viewer.userId)) ?? false;
      // Reapplying after a cancellation starts from nothing of the cancelled application (a new
      // draft carries none of its sections or steps), but keeps the business contact number as
      // the phone number (spec section 4).
      const [latest] = await store.listOf(viewer.userId);
      const phoneFrom =
        latest?.status === 'CANCELLED' && organization.businessContactNo
          ? { businessContactNo: organization.businessContactNo }
          : undefined;
      let row: ApplicationRow;
      try {
        row = await store.insertDraft(
          {
            tenant,
            userId: viewer.userId,
            organizationId: organization.id,
            ...loan,
            progress: emailVerified ? ['EMAILVERIFICATIONCOMPLETED'] : [],
          },
          (sequence) => formatReferenceNo(tenant, year, sequence),
          { ref: actorRefOf(viewer), ip },
          phoneFrom,
        );
      } catch (error) {
        if (isOpenApplicationConflict(error))
          throw new HttpError(409, ONE_OPEN_APPLICATION, 'OPEN_APPLICATION_EXISTS');
        throw error;
      }
      return toApplication(row, viewer);
    },

    async get(viewer: Principal, applicationId: string): Promise<Application> {
      return toApplication(await visible(viewer, applicationId), viewer);
    },

    async listOf(viewer: Principal, userId: string): Promise<ApplicationListItem[]> {
      if (viewer.kind === 'applicant' && viewer.userId !== userId) {
        throw new HttpError(404, 'User not found');
      }
      const rows = await store.listOf(userId);
      const types = new Map<string, OrganizationType>();
      for (const row of rows) {
        if (!types.has(row.organizationId)) {
          types.set(row.organizationId, (await organizationOf(row)).organizationType);
        }
      }
      return rows.map((row) => ({
        id: row.id,
        referenceNo: row.referenceNo,
        status: row.status as ApplicationStatus,
        organizationType: types.get(row.organizationId)!,
        requestedAmountSen: row.requestedAmountSen,
        createdAt: row.createdAt.toISOString(),
      }));
    },

    /** For the login response: the user's applications, newest first. */
    async summariesForLogin(userId: string): Promise<{ id: string; status: string }[]> {
      return (await store.listOf(userId)).map((row) => ({ id: row.id, status: row.status }));
    },

    async updateLoan(
      viewer: Extract<Principal, { kind: 'applicant' }>,
      applicationId: string,
      request: LoanRequest,
    ): Promise<Application> {
      const row = await editable(viewer, applicationId);
      if (row.status === 'REFERBACK') {
        assertReferred(await store.openReferback(row.id), { kind: 'section', target: 'loan' });
      }
      const loan = await checkLoan(
        store.lookups,
        await productFor(row.tenant as TenantId),
        request,
        clock.now(),
      );
      await store.updateApplication(row.id, loan);
      return reload(row.id, viewer);
    },

    async cancelDraft(
      viewer: Extract<Principal, { kind: 'applicant' }>,
      applicationId: string,
      ip: string,
    ): Promise<Application> {
      const row = await store.ownedApplication(viewer.userId, applicationId);
      if (row.status !== 'DRAFT')
        throw new HttpError(409, 'Only a draft application can be cancelled');
      await store.changeStatus({
        applicationId: row.id,
        to: 'CANCELLED',
        actor: 'applicant',
        actorRef: actorRefOf(viewer),
        actorId: viewer.userId,
        reason: 'Cancelled by the applicant',
        ip,
        set: { cancelledAt: clock.now() },
      });
      return reload(row.id, viewer);
    },

    saveCompany(
      viewer: Extract<Principal, { kind: 'applicant' }>,
      request: { applicationId: string } & CompanyDetails,
    ): Promise<Application> {
      return saveSection(viewer, 'company', request);
    },

    saveApplicant(
      viewer: Extract<Principal, { kind: 'applicant' }>,
      request: { applicationId: string } & ApplicantDetails,
    ): Promise<Application> {
      return saveSection(viewer, 'applicant', request);
    },

    saveDisbursement(
      viewer: Extract<Principal, { kind: 'applicant' }>,
      request: { applicationId: string } & DisbursementDetails,
    ): Promise<Application> {
      return saveSection(viewer, 'disbursement', request);
    },

    saveEmergencyContacts(
      viewer: Extract<Principal, { kind: 'applicant' }>,
      request: { applicationId: string } & EmergencyContactDetails,
    ): Promise<Application> {
      return saveSection(viewer, 'emergencyContacts', request);
    },

    saveDirectors(
      viewer: Extract<Principal, { kind: 'applicant' }>,
      request: { applicationId: string } & DirectorDetails,
    ): Promise<Application> {
      return saveSection(viewer, 'directors', request);
    },

    /** Moves a complete draft (or a referred-back application) to PENDING; otherwise says
     *  what is missing. */
    async submit(
      viewer: Extract<Principal, { kind: 'applicant' }>,
      applicationId: string,
      ip: string,
    ): Promise<{ ok: true; application: Application } | { ok: false; missing: MissingItem[] }> {
      const row = await store.ownedApplication(viewer.userId, applicationId);
      if (!isEditableApplicationStatus(row.status)) {
        throw new HttpError(409, 'This application has already been submitted');
      }
      const organization = await organizationOf(row);
      const missing = await missingOf(
        row,
        organization.organizationType,
        await storedSections(row.id),
      );
      if (missing.length > 0) return { ok: false, missing };
      const now = clock.now();
      const change: StatusChange = {
        applicationId: row.id,
        to: 'PENDING',
        actor: 'applicant',
        actorRef: actorRefOf(viewer),
        actorId: viewer.userId,
        ip,
        set: { submittedAt: now },
      };
      if (row.status === 'REFERBACK') {
        await store.resubmit({ ...change, reason: 'Resubmitted after a referral back' }, now);
      } else {
        await store.changeStatus(change);
      }
      return { ok: true, application: await reload(row.id, viewer) };
    },

    /**
     * Staff cancel an application through the status machine, inside `tx` when the caller
     * cancels more with it (the agreement of an approved one). The phone number changes only
     * when the applicant applies again.
     */
    adminCancel(
      viewer: Extract<Principal, { kind: 'staff' }>,
      applicationId: string,
      reason: string,
      ip: string,
      /** The version the file was read at, what the audit row records, and for an approved
       *  application whether its agreement is signed. */
      extra: Pick<StatusChange, 'expectedVersion' | 'detail' | 'agreementSigned'> = {},
      tx?: OrmTransaction,
    ) {
      return store.changeStatus(
        {
          ...extra,
          applicationId,
          to: 'CANCELLED',
          actor: 'staff',
          actorRef: actorRefOf(viewer),
          actorId: viewer.staffId,
          reason: reason.trim(),
          ip,
          set: { cancelledAt: clock.now() },
        },
        tx,
      );
    },

    async organizationOfUser(viewer: Principal, userId: string): Promise<Organization> {
      if (viewer.kind === 'applicant' && viewer.userId !== userId) {
        throw new HttpError(404, ORGANIZATION_NOT_FOUND);
      }
      const row = await store.organizationOfUser(userId);
      if (!row) throw new HttpError(404, ORGANIZATION_NOT_FOUND);
      return toOrganization(row, viewer);
    },

    async organizationByEmail(
      viewer: Principal,
      tenant: TenantId,
      email: string,
    ): Promise<Organization> {
      const address = email.trim().toLowerCase();
      const row = await store.organizationByEmail(
        viewer.kind === 'applicant' ? viewer.tenant : tenant,
        address,
      );
      if (!row || (viewer.kind === 'applicant' && row.userId !== viewer.userId)) {
        throw new HttpError(404, ORGANIZATION_NOT_FOUND);
      }
      return toOrganization(row, viewer);
    },

    async updateOrganization(
      viewer: Extract<Principal, { kind: 'applicant' }>,
      organizationId: string,
      changes: { companyName?: string; businessContactNo?: string },
    ): Promise<Organization> {
      const row = await store.organizationById(organizationId);
      if (!row || row.userId !== viewer.userId) throw new HttpError(404, ORGANIZATION_NOT_FOUND);
      const set: { companyName?: string; businessContactNo?: string } = {};
      if (changes.companyName !== undefined) {
        const name = changes.companyName.trim();
        if (!name) throw badRequest('Failed to update organization: please enter the company name');
        set.companyName = name;
      }
      if (changes.businessContactNo !== undefined) {
        try {
          set.businessContactNo = phone(
            changes.businessContactNo,
            sentence('business contact number'),
          );
        } catch (error) {
          if (!(error instanceof HttpError)) throw error;
          throw badRequest(
            sentence('Failed to update organization: {reason:lower}', { reason: error.sentence }),
          );
        }
      }
      if (Object.keys(set).length === 0) {
        throw badRequest(
          'Failed to update organization: send a company name or a business contact number',
        );
      }
      return toOrganization((await store.updateOrganization(row.id, set))!, viewer);
    },

    // What other modules (files, eKYC, psychometric, verification) need of an application,
    // without reaching the applications tables themselves.

    /** The applicant's own application; anyone else's answers 404 like one that does not
     *  exist. */
    applicationOf(userId: string, applicationId: string): Promise<ApplicationRow> {
      return store.ownedApplication(userId, applicationId);
    },

    /** Any application, for staff; 404 when there is none. */
    applicationById(applicationId: string): Promise<ApplicationRow> {
      return store.application(applicationId);
    },

    /** The application's status changes, oldest first (for staff reading the file). */
    async statusHistory(applicationId: string) {
      return (await store.historyOf(applicationId)).map((row) => ({
        from: row.fromStatus as ApplicationStatus | null,
        to: row.toStatus as ApplicationStatus,
        actor: row.actor,
        reason: row.reason,
        at: row.at.toISOString(),
      }));
    },

    /** Records a completed progress step once; `done = false` takes it back. Inside `tx` when
     *  the step belongs to a larger change. */
    recordProgress(
      applicationId: string,
      step: ApplicationProgressStep,
      done = true,
      tx?: OrmTransaction,
    ): Promise<void> {
      return store.recordProgress(applicationId, step, done, tx);
    },

    /** Records a completed step on the user's draft, when they have one being filled in. */
    recordDraftProgress(userId: string, step: ApplicationProgressStep): Promise<void> {
      return store.recordDraftProgress(userId, step);
    },

    /** Refuses a change to a document type the open referral back does not list. */
    async assertDocumentReferred(application: ApplicationRow, fileType: string): Promise<void> {
      if (application.status !== 'REFERBACK') return;
      assertReferred(await store.openReferback(application.id), {
        kind: 'document',
        target: fileType,
      });
    },

    /** Holds the application until `tx` ends, so writes about it inside `tx` go one at a time. */
    lock(applicationId: string, tx: OrmTransaction): Promise<void> {
      return store.lock(applicationId, tx);
    },

    /** Moves the application through the status machine with its history and audit rows;
     *  inside `tx` when the caller writes more in the same transaction. */
    changeStatus(change: StatusChange, tx?: OrmTransaction) {
      return store.changeStatus(change, tx);
    },
  };
}

/** The part of the applications service other modules are given. */
export type ApplicationAccess = Pick<
  ApplicationService,
  | 'applicationOf'
  | 'applicationById'
  | 'recordProgress'
  | 'recordDraftProgress'
  | 'lock'
  | 'changeStatus'
  | 'assertDocumentReferred'
>;

export type ApplicationService = ReturnType<typeof createApplicationService>;
