import {
  type ApiErrorBody,
  type ApplicantDetails,
  type Application,
  APPLICATION_PATHS,
  type ApplicationListItem,
  type ApplicationSection,
  type CompanyDetails,
  type CreateApplicationRequest,
  type DirectorDetails,
  type DisbursementDetails,
  type EmergencyContactDetails,
  type LoanRequest,
  type MissingItem,
  type Organization,
  type SectionRequest,
  type SubmitRefusal,
} from '@lending/contracts';
import { isOpenApplicationStatus } from '@lending/domain';

import { api } from '../api/api-client';
import { ApiError } from '../api/http-client';

/** The body each section's path takes, by section. */
export interface SectionBodies {
  company: CompanyDetails;
  applicant: ApplicantDetails;
  disbursement: DisbursementDetails;
  emergencyContacts: EmergencyContactDetails;
  directors: DirectorDetails;
}

const SECTION_PATHS: Record<ApplicationSection, string> = {
  company: APPLICATION_PATHS.companyDetails,
  applicant: APPLICATION_PATHS.applicantDetails,
  disbursement: APPLICATION_PATHS.disbursementDetails,
  emergencyContacts: APPLICATION_PATHS.emergencyContactDetails,
  directors: APPLICATION_PATHS.directorDetails,
};

export type SubmitResult =
  { ok: true; application: Application } | { ok: false; missing: MissingItem[] };

function listOf<T>(data: T[] | { data: T[] }): T[] {
  return Array.isArray(data) ? data : data.data;
}

/** The applicant's application and its sections (spec section 7, core). */
export const applicationApi = {
  async create(request: CreateApplicationRequest): Promise<Application> {
    return (await api.core.post<Application>(APPLICATION_PATHS.create, request)).data;
  },

  async get(applicationId: string): Promise<Application> {
    return (await api.core.get<Application>(APPLICATION_PATHS.byId(applicationId))).data;
  },

  /** Newest first. */
  /** The business the user registered: what the company form starts from. */
  async organizationOf(userId: string): Promise<Organization> {
    return (await api.core.get<Organization>(APPLICATION_PATHS.organizationByUser(userId))).data;
  },

  async byUser(userId: string): Promise<ApplicationListItem[]> {
    return listOf(
      (
        await api.core.get<ApplicationListItem[] | { data: ApplicationListItem[] }>(
          APPLICATION_PATHS.byUser(userId),
        )
      ).data,
    );
  },

  /** The user's newest open application (the domain's open statuses, the same the API holds
   *  one of at most), read in full; null when there is none. */
  async current(userId: string): Promise<Application | null> {
    const open = (await applicationApi.byUser(userId)).find((item) =>
      isOpenApplicationStatus(item.status),
    );
    return open ? applicationApi.get(open.id) : null;
  },

  /** Saves one section; answers with the saved application, as its GET would. */
  async saveSection<S extends ApplicationSection>(
    section: S,
    applicationId: string,
    body: SectionBodies[S],
  ): Promise<Application> {
    const request: SectionRequest<SectionBodies[S]> = { applicationId, ...body };
    return (await api.core.post<Application>(SECTION_PATHS[section], request)).data;
  },

  async updateLoan(applicationId: string, loan: LoanRequest): Promise<Application> {
    return (await api.core.patch<Application>(APPLICATION_PATHS.loan(applicationId), loan)).data;
  },

  /** Submits the application; an incomplete one comes back with what is still missing. */
  async submit(applicationId: string): Promise<SubmitResult> {
    try {
      const response = await api.core.patch<Application>(APPLICATION_PATHS.submit(applicationId));
      return { ok: true, application: response.data };
    } catch (error) {
      const body = error instanceof ApiError ? error.response?.data : undefined;
      const refused = body as Partial<ApiErrorBody | SubmitRefusal> | undefined;
      if (refused?.code === 'SUBMIT_REFUSED') {
        return { ok: false, missing: (refused as SubmitRefusal).missing };
      }
      throw error;
    }
  },

  /** Cancels a draft (the applicant's own, after a warning). */
  async cancelDraft(applicationId: string): Promise<void> {
    await api.core.delete(APPLICATION_PATHS.byId(applicationId));
  },
};
