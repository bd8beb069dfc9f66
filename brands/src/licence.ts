import type { CompanyInfo } from '@lending/contracts';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether the moneylender licence covers the given day (ISO `YYYY-MM-DD`, both ends included).
 *  The day is passed in, never read from the clock, so callers and tests decide what "today" is. */
export function isLicenceValidOn(
  company: Pick<CompanyInfo, 'licenceValidFrom' | 'licenceValidTo'>,
  day: string,
): boolean {
  for (const value of [company.licenceValidFrom, company.licenceValidTo, day]) {
    if (!ISO_DATE.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`)))
      throw new Error(`Not an ISO date: ${value}`);
  }
  return company.licenceValidFrom <= day && day <= company.licenceValidTo;
}

/** The expiry date a KPKT-style licence number carries in its last group (`DDMMYY`), as ISO. */
export function licenceNumberExpiry(licenceNo: string): string | null {
  const match = /^WL\d{4}\/\d{2}\/\d{2}-\d{1,2}\/(\d{2})(\d{2})(\d{2})$/.exec(licenceNo);
  if (!match) return null;
  const [, dd, mm, yy] = match;
  return `20${yy}-${mm}-${dd}`;
}
