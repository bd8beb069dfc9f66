import type { IsoDate } from '../time/calendar-date';
import { isExistingDate, malaysiaDate, toIsoDate, wholeYearsBetween } from '../time/calendar-date';

export type Gender = 'MALE' | 'FEMALE';
export type IdentityCardType = 'MYKAD' | 'PASSPORT';

export type NricInvalidReason = 'format' | 'date' | 'placeOfBirth';

export interface Nric {
  /** The twelve digits, without separators. */
  digits: string;
  birthDate: IsoDate;
  placeOfBirthCode: string;
  gender: Gender;
  /** `YYMMDD-PB-###G`. */
  formatted: string;
}

export type NricResult = { ok: true; nric: Nric } | { ok: false; reason: NricInvalidReason };

/** Two-digit years up to this one read as 20xx, later ones as 19xx. */
export const NRIC_LAST_21ST_CENTURY_YEAR = 35;

/** The digits of a MyKad number. */
export const NRIC_DIGITS = 12;
/** The longest a MyKad number may be typed: its twelve digits and the two hyphens between. */
export const NRIC_TYPED_MAX_LENGTH = NRIC_DIGITS + 2;

/**
 * What an NRIC field keeps of what was typed or pasted: its digits, at most twelve, grouped
 * `YYMMDD-PB-###G` as far as they go, with no hyphen after the last digit (so Backspace deletes
 * digits, never a hyphen that comes back). Hyphens never count toward the twelve.
 */
export function groupNricAsTyped(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, NRIC_DIGITS);
  return [digits.slice(0, 6), digits.slice(6, 8), digits.slice(8)].filter(Boolean).join('-');
}

/** The digits of an NRIC typed with or without hyphens and spaces. */
export function normalizeNric(input: string): string {
  return input.replace(/[\s-]/g, '');
}

/**
 * Place-of-birth codes accepted, as DOMAIN.md ("NRIC place-of-birth codes") reads them:
 * - 01-16 Malaysian states and federal territories (01 Johor ... 14 Kuala Lumpur, 15 Labuan,
 *   16 Putrajaya);
 * - 21-59 the further codes issued for the same states;
 * - 60-79 countries of birth, 71 and 72 (born abroad) included;
 * - 82 state unknown.
 * Everything else is refused: 00, 17-20, 80, 81 and 83-99.
 */
export function isKnownPlaceOfBirthCode(code: string): boolean {
  if (!/^\d{2}$/.test(code)) return false;
  const n = Number(code);
  return (n >= 1 && n <= 16) || (n >= 21 && n <= 59) || (n >= 60 && n <= 79) || n === 82;
}

/**
 * Reads a MyKad number. With `today`, a birth date after today (in Malaysia time) is refused
 * as well.
 */
export function parseNric(input: string, today?: Date): NricResult {
  const digits = normalizeNric(input);
  if (!/^\d{12}$/.test(digits)) return { ok: false, reason: 'format' };
  const yy = Number(digits.slice(0, 2));
  const parts = {
    year: (yy <= NRIC_LAST_21ST_CENTURY_YEAR ? 2000 : 1900) + yy,
    month: Number(digits.slice(2, 4)),
    day: Number(digits.slice(4, 6)),
  };
  if (!isExistingDate(parts)) return { ok: false, reason: 'date' };
  const birthDate = toIsoDate(parts);
  if (today && birthDate > malaysiaDate(today)) return { ok: false, reason: 'date' };
  const placeOfBirthCode = digits.slice(6, 8);
  if (!isKnownPlaceOfBirthCode(placeOfBirthCode)) return { ok: false, reason: 'placeOfBirth' };
  const gender: Gender = Number(digits.slice(11)) % 2 === 1 ? 'MALE' : 'FEMALE';
  return {
    ok: true,
    nric: { digits, birthDate, placeOfBirthCode, gender, formatted: formatNricDigits(digits) },
  };
}

export function isValidNric(input: string, today?: Date): boolean {
  return parseNric(input, today).ok;
}

function formatNricDigits(digits: string): string {
  return `${digits.slice(0, 6)}-${digits.slice(6, 8)}-${digits.slice(8)}`;
}

/** `YYMMDD-PB-###G` for twelve digits; any other input comes back unchanged. */
export function formatNric(input: string): string {
  const digits = normalizeNric(input);
  return /^\d{12}$/.test(digits) ? formatNricDigits(digits) : input;
}

/** Age in completed years on `today`'s date in Malaysia. */
export function ageOn(birthDate: IsoDate, today: Date): number {
  return wholeYearsBetween(birthDate, malaysiaDate(today));
}

/** Keeps the first six characters (the birth date) and replaces every later digit with `*`. */
export function maskNric(nric: string): string {
  return nric.slice(0, 6) + nric.slice(6).replace(/\d/g, '*');
}

/** Twelve digits, plain or grouped 6-2-4 by hyphens or spaces, not part of a longer number. */
const NRIC_IN_TEXT = /(?<![\d-])\d{6}(?:-\d{2}-|\s\d{2}\s|\d{2})\d{4}(?![\d-])/g;

/** Masks every NRIC-like run of twelve digits in free text, for logs and reports. */
export function maskNricInText(text: string): string {
  return text.replace(NRIC_IN_TEXT, (match) => maskNric(match));
}

export type PassportResult = { ok: true; passport: string } | { ok: false; reason: 'format' };

/** A passport number: 6 to 12 letters or digits, stored upper-cased. */
export function validatePassport(input: string): PassportResult {
  const passport = input.trim().toUpperCase();
  return /^[A-Z0-9]{6,12}$/.test(passport)
    ? { ok: true, passport }
    : { ok: false, reason: 'format' };
}
