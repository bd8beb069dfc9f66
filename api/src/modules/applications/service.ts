import { and, eq, isNull, ne } from 'drizzle-orm';
import type {
  ApplicantDetails,
  Application,
  ApplicationListItem,
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
  StaffRole,
  TenantId,
} from '@lending/contracts';
import {
  ageOn,
  formatReferenceNo,
  instalmentSchedule,
  isEditableApplicationStatus,
  malaysiaDate,
  maskNric,
  requiredSections,
} from '@lending/domain';
import type { Sealer } from '../../crypto/sealed';
import type { Orm } from '../../db/database';
import { users } from '../../db/schema';
import type { Principal } from '../../http/access';
import { HttpError, badRequest } from '../../kernel/errors';
import type { Clock } from '../../kernel/clock';
import { findApplication, findOwnedApplication, recordProgress } from './ownership';
import { changeStatus, changeStatusIn, type OrmTransaction } from './transitions';
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
import {
  isOpenApplicationConflict,
  type ApplicationRow,
  type ApplicationStore,
  type OrganizationRow,
} from './store';

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
  db: Orm;
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
const ORGANIZATION_NOT_FOUND = 'Organization not found';

/** Staff whose work needs identity numbers whole; other staff read them masked. */
const STAFF_SEEING_IDENTITY: readonly StaffRole[] = ['ADMIN', 'CREDIT_OFFICER', 'APPROVER'];

interface StoredSections {
  company: StoredCompany | null;
  applicant: StoredApplicant | null;
  disbursement: StoredDisbursement | null;
  emergencyContacts: StoredEmergencyContacts | null;
  directors: StoredDirectors | null;
}

const actorRefOf = (principal: Principal) =>
  principal.kind === 'staff' ? `staff:${principal.staffId}` : `user:${principal.userId}`;

function seesIdentityWhole(viewer: Principal): boolean {
  return (
    viewer.kind === 'applicant' || viewer.roles.some((role) => STAFF_SEEING_IDENTITY.includes(role))
  );
}

export function createApplicationService(deps: ApplicationServiceDeps) {
  const { db, store, sealer, clock } = deps;
  const submitChecks = deps.submitChecks ?? [];

  async function organizationOf(row: ApplicationRow): Promise<OrganizationRow> {
    const organization = await store.organizationById(row.organizationId);
    if (!organization) throw new HttpError(404, ORGANIZATION_NOT_FOUND);
    return organization;
  }

  async function storedSections(applicationId: string): Promise<StoredSections> {
    const sections: StoredSections = {
      company: null,
      applicant: null,
      disbursement: null,
      emergencyContacts: null,
      directors: null,
    };
    for (const row of await store.sectionsOf(applicationId)) {
      (sections as unknown as Record<string, unknown>)[row.section] = sealer.openJson(
        row.sealedData,
      );
    }
    return sections;
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

  function readableSections(stored: StoredSections, viewer: Principal): ApplicationSections {
    const reveal = seesIdentityWhole(viewer);
    const identityNo = (value: string) => (reveal ? value : maskNric(value));
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

  async function toApplication(row: ApplicationRow, viewer: Principal): Promise<Application> {
    const organization = await organizationOf(row);
    const organizationType = organization.organizationType;
    const stored = await storedSections(row.id);
    const product = await store.lookups.product(row.tenant as TenantId);
    const rate = product?.unsecuredRateBp ?? null;
    const estimate =
      rate !== null && row.requestedAmountSen !== null && row.tenureMonths !== null
        ? instalmentSchedule({
            principalSen: row.requestedAmountSen,
            tenureMonths: row.tenureMonths,
            annualRateBp: rate,
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
      sections: readableSections(stored, viewer),
      missing: await missingOf(row, organizationType, stored),
      submittedAt: row.submittedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /** An applicant reads their own application only; staff read any. */
  function visible(viewer: Principal, applicationId: string): Promise<ApplicationRow> {
    return viewer.kind === 'staff'
      ? findApplication(db, applicationId)
      : findOwnedApplication(db, viewer.userId, applicationId);
  }

  async function editable(
    viewer: Extract<Principal, { kind: 'applicant' }>,
    applicationId: string,
  ): Promise<ApplicationRow> {
    const row = await findOwnedApplication(db, viewer.userId, applicationId);
    if (!isEditableApplicationStatus(row.status)) throw new HttpError(409, NOT_EDITABLE);
    return row;
  }

  async function productFor(tenant: TenantId) {
    const product = await store.lookups.product(tenant);
    if (!product) throw new HttpError(404, 'Product not found');
    return product;
  }

  async function reload(id: string, viewer: Principal): Promise<Application> {
    return toApplication(await findApplication(db, id), viewer);
  }

  async function saveSealed(
    row: ApplicationRow,
    organizationType: OrganizationType,
    section: ApplicationSection,
    data: unknown,
  ): Promise<void> {
    await store.saveSection(row.id, section, sealer.sealJson(data));
    const present = new Set((await store.sectionsOf(row.id)).map((one) => one.section));
    const complete = requiredSections(organizationType).every((name) => present.has(name));
    await recordProgress(db, row.id, 'APPLICATIONFORMCOMPLETED', complete);
    // Which section changed, never what it says: it holds identity numbers and addresses.
    deps.log?.info({ applicationId: row.id, section }, 'application section saved');
  }

  function toOrganization(row: OrganizationRow): Organization {
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
      applicantIdentityCardNo: identityCardNo,
      createdAt: row.createdAt.toISOString(),
    };
  }

  /** Spec section 4: after a cancellation the business contact number becomes the user's
   *  phone number, unless another account already uses it. */
  async function keepBusinessContactAsPhone(
    tx: OrmTransaction,
    row: ApplicationRow,
    businessContactNo: string | null,
  ): Promise<void> {
    if (!businessContactNo) return;
    const [holder] = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.tenant, row.tenant),
          eq(users.phoneNo, businessContactNo),
          ne(users.id, row.userId),
          isNull(users.deletedAt),
        ),
      );
    if (holder) return;
    await tx
      .update(users)
      .set({ phoneNo: businessContactNo, updatedAt: clock.now() })
      .where(eq(users.id, row.userId));
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
          `You may apply for a new loan after ${malaysiaDate(user.allowToApplyNewLoanAfter)}`,
        );
      }
      if (await store.openApplicationOf(viewer.userId)) {
        throw new HttpError(409, ONE_OPEN_APPLICATION, 'OPEN_APPLICATION_EXISTS');
      }
      const tenant = organization.tenant as TenantId;
      const loan = await checkLoan(store.lookups, await productFor(tenant), request, now);
      const year = Number(malaysiaDate(now).slice(0, 4));
      let row: ApplicationRow;
      try {
        row = await store.insertDraft(
          { tenant, userId: viewer.userId, organizationId: organization.id, ...loan },
          (sequence) => formatReferenceNo(tenant, year, sequence),
          { ref: actorRefOf(viewer), ip },
        );
      } catch (error) {
        if (isOpenApplicationConflict(error))
          throw new HttpError(409, ONE_OPEN_APPLICATION, 'OPEN_APPLICATION_EXISTS');
        throw error;
      }
      // Registration verifies the email before any draft exists: that verification counts for
      // the draft, or its email step could never be completed.
      if (await deps.emailVerified?.(viewer.userId)) {
        await recordProgress(db, row.id, 'EMAILVERIFICATIONCOMPLETED');
        row = { ...row, progress: [...new Set([...row.progress, 'EMAILVERIFICATIONCOMPLETED'])] };
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
      const row = await findOwnedApplication(db, viewer.userId, applicationId);
      if (row.status !== 'DRAFT')
        throw new HttpError(409, 'Only a draft application can be cancelled');
      await changeStatus(db, {
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

    async saveCompany(
      viewer: Extract<Principal, { kind: 'applicant' }>,
      request: { applicationId: string } & CompanyDetails,
    ): Promise<Application> {
      const { applicationId, ...input } = request;
      const row = await editable(viewer, applicationId);
      const organization = await organizationOf(row);
      const company = await checkCompany(store.lookups, organization, input, clock.now());
      await saveSealed(row, organization.organizationType, 'company', company);
      // The organization keeps the latest name and contact number (kept after a cancellation).
      await store.updateOrganization(organization.id, {
        companyName: company.companyName,
        businessContactNo: company.businessContactNo,
      });
      return reload(row.id, viewer);
    },

    async saveApplicant(
      viewer: Extract<Principal, { kind: 'applicant' }>,
      request: { applicationId: string } & ApplicantDetails,
    ): Promise<Application> {
      const { applicationId, ...input } = request;
      const row = await editable(viewer, applicationId);
      const organization = await organizationOf(row);
      const stored = await storedSections(row.id);
      const applicant = await checkApplicant(
        store.lookups,
        input,
        stored.emergencyContacts,
        clock.now(),
      );
      await saveSealed(row, organization.organizationType, 'applicant', applicant);
      return reload(row.id, viewer);
    },

    async saveDisbursement(
      viewer: Extract<Principal, { kind: 'applicant' }>,
      request: { applicationId: string } & DisbursementDetails,
    ): Promise<Application> {
      const { applicationId, ...input } = request;
      const row = await editable(viewer, applicationId);
      const organization = await organizationOf(row);
      const disbursement = await checkDisbursement(store.lookups, input);
      await saveSealed(row, organization.organizationType, 'disbursement', disbursement);
      return reload(row.id, viewer);
    },

    async saveEmergencyContacts(
      viewer: Extract<Principal, { kind: 'applicant' }>,
      request: { applicationId: string } & EmergencyContactDetails,
    ): Promise<Application> {
      const { applicationId, ...input } = request;
      const row = await editable(viewer, applicationId);
      const organization = await organizationOf(row);
      const stored = await storedSections(row.id);
      const contacts = await checkEmergencyContacts(
        store.lookups,
        input,
        stored.applicant?.personalEmail ?? null,
      );
      await saveSealed(row, organization.organizationType, 'emergencyContacts', contacts);
      return reload(row.id, viewer);
    },

    async saveDirectors(
      viewer: Extract<Principal, { kind: 'applicant' }>,
      request: { applicationId: string } & DirectorDetails,
    ): Promise<Application> {
      const { applicationId, ...input } = request;
      const row = await editable(viewer, applicationId);
      const organization = await organizationOf(row);
      const directors = checkDirectors(organization.organizationType, input, clock.now());
      await saveSealed(row, organization.organizationType, 'directors', directors);
      return reload(row.id, viewer);
    },

    /** Moves a complete draft (or a referred-back application) to PENDING; otherwise says
     *  what is missing. */
    async submit(
      viewer: Extract<Principal, { kind: 'applicant' }>,
      applicationId: string,
      ip: string,
    ): Promise<{ ok: true; application: Application } | { ok: false; missing: MissingItem[] }> {
      const row = await findOwnedApplication(db, viewer.userId, applicationId);
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
      await changeStatus(db, {
        applicationId: row.id,
        to: 'PENDING',
        actor: 'applicant',
        actorRef: actorRefOf(viewer),
        actorId: viewer.userId,
        ...(row.status === 'REFERBACK' ? { reason: 'Resubmitted after a referral back' } : {}),
        ip,
        set: { submittedAt: clock.now() },
      });
      return { ok: true, application: await reload(row.id, viewer) };
    },

    async adminCancel(
      viewer: Extract<Principal, { kind: 'staff' }>,
      applicationId: string,
      reason: string,
      ip: string,
    ): Promise<Application> {
      const row = await findApplication(db, applicationId);
      const organization = await organizationOf(row);
      await db.transaction(async (tx) => {
        await changeStatusIn(tx, {
          applicationId: row.id,
          to: 'CANCELLED',
          actor: 'staff',
          actorRef: actorRefOf(viewer),
          actorId: viewer.staffId,
          reason: reason.trim(),
          ip,
          set: { cancelledAt: clock.now() },
        });
        await keepBusinessContactAsPhone(tx, row, organization.businessContactNo);
      });
      return reload(row.id, viewer);
    },

    async organizationOfUser(viewer: Principal, userId: string): Promise<Organization> {
      if (viewer.kind === 'applicant' && viewer.userId !== userId) {
        throw new HttpError(404, ORGANIZATION_NOT_FOUND);
      }
      const row = await store.organizationOfUser(userId);
      if (!row) throw new HttpError(404, ORGANIZATION_NOT_FOUND);
      return toOrganization(row);
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
      return toOrganization(row);
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
          set.businessContactNo = phone(changes.businessContactNo, 'business contact number');
        } catch (error) {
          const reason = (error as Error).message;
          throw badRequest(
            `Failed to update organization: ${reason.charAt(0).toLowerCase()}${reason.slice(1)}`,
          );
        }
      }
      if (Object.keys(set).length === 0) {
        throw badRequest(
          'Failed to update organization: send a company name or a business contact number',
        );
      }
      return toOrganization((await store.updateOrganization(row.id, set))!);
    },
  };
}

export type ApplicationService = ReturnType<typeof createApplicationService>;
