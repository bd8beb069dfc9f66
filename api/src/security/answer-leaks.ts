import { formatNric } from '@lending/domain';

/** One person's data as a test's fixtures made it: identity numbers whole, and other details
 *  (email, company name) that nobody else may be shown. */
export interface PersonalData {
  identityNumbers: string[];
  details: string[];
}

/** The answer as text, wherever the number could hide: JSON, HTML or CSV alike. */
function textOf(body: unknown): string {
  if (body === undefined || body === null) return '';
  return typeof body === 'string' ? body : JSON.stringify(body);
}

/** The whole identity numbers an answer shows, as stored or written `YYMMDD-PB-###G`. */
export function wholeIdentityNumbersIn(body: unknown, data: PersonalData): string[] {
  const text = textOf(body);
  return data.identityNumbers.filter(
    (number) => text.includes(number) || text.includes(formatNric(number)),
  );
}

/** Everything of `data` an answer shows: identity numbers whole, and the other details. */
export function personalDataIn(body: unknown, data: PersonalData): string[] {
  const text = textOf(body).toLowerCase();
  return [
    ...wholeIdentityNumbersIn(body, data),
    ...data.details.filter((detail) => text.includes(detail.toLowerCase())),
  ];
}
