import { brandValue } from './brand-value';

/** The number the platform ships for this brand, read from its company settings when the shell
 *  was built: pages rendered at build time show it, hydration draws the same, and the line is
 *  there from the first paint instead of pushing the footer when the fetch answers. A number
 *  changed since the build replaces it once fetched; a failed fetch keeps it. */
const SHIPPED_NUMBER: string | null =
  typeof __CONTACT_NUMBER__ === 'string' ? __CONTACT_NUMBER__ : null;

/** The company's phone number comes from company settings (spec section 1), cached for five
 *  minutes (spec section 9). */
const useFetchedNumber = brandValue(
  '/api/companySettings/contactNumber/value',
  5 * 60 * 1000,
  (data) => (data as { value: string }).value,
);

export function useContactNumber(): string | null {
  const held = useFetchedNumber();
  return held && 'value' in held ? held.value : SHIPPED_NUMBER;
}

/** +60312345678 -> +60 3-1234 5678, +6088123456 -> +60 88-12 3456; mobile +60123456789 -> +60 12-345 6789. */
export function formatMalaysianPhone(e164: string): string {
  const match = /^\+60(\d+)$/.exec(e164);
  if (!match?.[1]) return e164;
  const national = match[1];
  if (national.startsWith('1')) {
    const prefix = national.slice(0, 2);
    const rest = national.slice(2);
    return `+60 ${prefix}-${rest.slice(0, rest.length - 4)} ${rest.slice(-4)}`;
  }
  // Landline area codes are one digit (3 Klang Valley, 4 to 7 and 9 Peninsular) except Sabah
  // and Sarawak's two-digit 8x.
  const area = national.startsWith('8') ? national.slice(0, 2) : national.slice(0, 1);
  const rest = national.slice(area.length);
  return `+60 ${area}-${rest.slice(0, rest.length - 4)} ${rest.slice(-4)}`;
}
