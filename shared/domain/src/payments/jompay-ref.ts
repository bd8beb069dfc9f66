/**
 * JomPAY Ref-1 (the reference a borrower keys in at their bank after the lender's biller code).
 * A loan's Ref-1 is the year and serial of its agreement number (`AGR-AC-2026-000123` gives
 * `2026000123`) followed by one Luhn (mod 10) check digit: `20260001230`. The Luhn scheme is
 * the one payment cards use (ISO/IEC 7812-1): it catches every single mistyped digit and every
 * swap of two adjacent digits except 0-9/9-0, so a bank credit with a mistyped Ref-1 is refused
 * at import instead of landing on another borrower's loan.
 */

/** The Luhn check digit of a string of digits (the digit to append). */
export function luhnCheckDigit(digits: string): number {
  if (!/^\d+$/.test(digits)) throw new Error('a Luhn payload is digits only');
  let sum = 0;
  // From the right, every second digit of the payload (the first next to the check digit) doubles.
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** Whether digits ending in a Luhn check digit are consistent. */
export function isLuhnValid(digitsWithCheck: string): boolean {
  if (!/^\d{2,}$/.test(digitsWithCheck)) return false;
  return luhnCheckDigit(digitsWithCheck.slice(0, -1)) === Number(digitsWithCheck.slice(-1));
}

const AGREEMENT_NO = /^AGR-([A-Z]{2,4})-(\d{4})-(\d{6,12})$/;
/** JomPAY Ref-1 is at most 20 characters. */
const REF1 = /^(\d{4})(\d{6,12})(\d)$/;

/** The JomPAY Ref-1 of an agreement number, or null for a number not in the platform's form. */
export function jompayRef1(agreementNo: string): string | null {
  const match = AGREEMENT_NO.exec(agreementNo);
  if (!match) return null;
  const payload = `${match[2]}${match[3]}`;
  return `${payload}${luhnCheckDigit(payload)}`;
}

export type Ref1Reading =
  { ok: true; year: string; serial: string } | { ok: false; reason: 'format' | 'checkDigit' };

/** Reads a Ref-1 as keyed in (spaces and dashes ignored): its agreement year and serial. */
export function readJompayRef1(input: string): Ref1Reading {
  const ref1 = input.replace(/[\s-]/g, '');
  const match = REF1.exec(ref1);
  if (!match) return { ok: false, reason: 'format' };
  if (!isLuhnValid(ref1)) return { ok: false, reason: 'checkDigit' };
  return { ok: true, year: match[1]!, serial: match[2]! };
}

/** The agreement number a valid Ref-1 stands for, in a tenant's prefix. */
export function agreementNoOfRef1(prefix: string, reading: { year: string; serial: string }) {
  return `AGR-${prefix}-${reading.year}-${reading.serial}`;
}

/** A JomPAY biller code: the number the bank gives the lender (4 to 6 digits in practice). */
export function isJompayBillerCode(value: string): boolean {
  return /^\d{4,6}$/.test(value);
}
