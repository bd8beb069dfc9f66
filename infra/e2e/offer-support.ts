import { type APIRequestContext, expect } from '@playwright/test';

import type { Language } from './onboarding-support';
import { createStaff, staffSignInThroughApi } from './staff-support';
import { type SubmittedApplicant, submitThroughApi } from './underwriting-support';

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  if (!response.ok()) {
    throw new Error(`${response.url()} answered ${response.status()}: ${await response.text()}`);
  }
  return (await response.json()) as T;
}

/** Unsecured terms inside every cap, fees included: RM10,000 over 24 months at 12% a year. */
export const APPROVED_TERMS = {
  amountSen: 1_000_000,
  tenureMonths: 24,
  annualRateBp: 1200,
  security: 'UNSECURED',
} as const;

/** Cover sold for 20 to 24 months at 1.5% of the amount lent. */
export const COVER_RATE = { minTenureMonths: 20, maxTenureMonths: 24, rateBp: 150 };

/**
 * Makes sure the product sells loan protection for the approved tenure, the way an admin sets it
 * in the product settings (a new version only when the current one does not already).
 */
export async function sellLoanProtection(request: APIRequestContext): Promise<void> {
  const admin = await createStaff(request, ['ADMIN']);
  const { accessToken } = await staffSignInThroughApi(request, admin);
  const headers = { authorization: `Bearer ${accessToken}` };
  const current = await ok<{ settings: { loanProtectionRates: unknown[] } }>(
    await request.get('/api/admin/settings', { headers }),
  );
  const covered = current.settings.loanProtectionRates.some(
    (row) => JSON.stringify(row) === JSON.stringify(COVER_RATE),
  );
  if (covered) return;
  await ok(
    await request.put('/api/admin/settings', {
      headers,
      data: { ...current.settings, loanProtectionRates: [COVER_RATE] },
    }),
  );
}

async function decide(
  request: APIRequestContext,
  token: string,
  applicationId: string,
  body: Record<string, unknown>,
): Promise<{ status: string }> {
  const headers = { authorization: `Bearer ${token}` };
  const options = await ok<{ version: number }>(
    await request.get(`/api/admin/applications/${applicationId}/decisions/options`, { headers }),
  );
  return ok(
    await request.post(`/api/admin/applications/${applicationId}/decisions`, {
      headers,
      data: { version: options.version, ...body },
    }),
  );
}

/**
 * An applicant whose submitted application staff approved through the staff API: a credit
 * officer recommends `APPROVED_TERMS`, a second person approves. The approval opens the offer.
 */
export async function approvedThroughStaffApi(
  request: APIRequestContext,
  language: Language,
  applicantOf: Pick<Parameters<typeof submitThroughApi>[1], 'organizationType' | 'director'> = {},
): Promise<SubmittedApplicant> {
  const applicant = await submitThroughApi(request, {
    language,
    amountSen: APPROVED_TERMS.amountSen,
    ...applicantOf,
  });
  const officer = await staffSignInThroughApi(
    request,
    await createStaff(request, ['CREDIT_OFFICER']),
  );
  const approver = await staffSignInThroughApi(request, await createStaff(request, ['APPROVER']));
  await decide(request, officer.accessToken, applicant.applicationId, {
    decision: 'RECOMMEND',
    ...APPROVED_TERMS,
  });
  const approved = await decide(request, approver.accessToken, applicant.applicationId, {
    decision: 'APPROVE',
  });
  expect(approved.status).toBe('APPROVED');
  return applicant;
}
