export const MALAYSIA_COUNTRY_CODE = '60';

export type PhoneKind = 'mobile' | 'landline' | 'international';

export type PhoneInvalidReason =
  'required' | 'countryCode' | 'dash' | 'digits' | 'length' | 'prefix';

export type PhoneResult =
  { ok: true; e164: string; kind: PhoneKind } | { ok: false; reason: PhoneInvalidReason };

/** E.164 allows at most 15 digits after the plus sign. */
const E164_MAX_DIGITS = 15;

/**
 * Malaysian numbers without the trunk 0: mobile `1x` with 9 or 10 digits; landline area 3 with
 * 8 subscriber digits, areas 4, 5, 6, 7 and 9 with 7, Sabah and Sarawak `82`-`89` with 6.
 */
export function classifyMalaysianNumber(national: string): 'mobile' | 'landline' | undefined {
  if (/^1\d{8,9}$/.test(national)) return 'mobile';
  if (
    /^3\d{8}$/.test(national) ||
    /^[4-79]\d{7}$/.test(national) ||
    /^8[2-9]\d{6}$/.test(national)
  ) {
    return 'landline';
  }
  return undefined;
}

function hasMalaysianPrefix(national: string): boolean {
  return /^(1|3|[4-79]|8[2-9])/.test(national);
}

/**
 * A phone number from the form's two fields: the country code (`+60`, `60`) and the number in
 * digits only. A dash is refused (the form asks for digits only); spaces are ignored. For
 * Malaysia a leading trunk 0 is dropped and the number must be a mobile or landline number.
 */
export function toE164(countryCode: string, number: string): PhoneResult {
  const code = countryCode.trim().replace(/^\+/, '');
  if (!/^[1-9]\d{0,2}$/.test(code)) return { ok: false, reason: 'countryCode' };
  const typed = number.trim();
  if (typed === '') return { ok: false, reason: 'required' };
  if (typed.includes('-')) return { ok: false, reason: 'dash' };
  const digits = typed.replace(/\s/g, '');
  if (!/^\d+$/.test(digits)) return { ok: false, reason: 'digits' };

  if (code === MALAYSIA_COUNTRY_CODE) {
    const national = digits.startsWith('0') ? digits.slice(1) : digits;
    if (!hasMalaysianPrefix(national)) return { ok: false, reason: 'prefix' };
    const kind = classifyMalaysianNumber(national);
    if (!kind) return { ok: false, reason: 'length' };
    return { ok: true, e164: `+${code}${national}`, kind };
  }

  if (digits.length < 4 || code.length + digits.length > E164_MAX_DIGITS) {
    return { ok: false, reason: 'length' };
  }
  return { ok: true, e164: `+${code}${digits}`, kind: 'international' };
}

/** Whether a stored E.164 number is a Malaysian mobile number (one that can receive an SMS OTP). */
export function isMalaysianMobile(e164: string): boolean {
  return (
    e164.startsWith(`+${MALAYSIA_COUNTRY_CODE}`) &&
    classifyMalaysianNumber(e164.slice(MALAYSIA_COUNTRY_CODE.length + 1)) === 'mobile'
  );
}

/**
 * A stored Malaysian number grouped for reading: `+60 12-345 6789`, `+60 11-2345 6789`,
 * `+60 3-2123 4567`, `+60 4-123 4567`, `+60 88-12 3456`. Other numbers come back unchanged.
 */
export function formatPhoneForDisplay(e164: string): string {
  if (!e164.startsWith(`+${MALAYSIA_COUNTRY_CODE}`)) return e164;
  const n = e164.slice(MALAYSIA_COUNTRY_CODE.length + 1);
  const kind = classifyMalaysianNumber(n);
  const prefix = `+${MALAYSIA_COUNTRY_CODE} `;
  if (kind === 'mobile') {
    const rest = n.slice(2);
    const split = rest.length === 8 ? 4 : 3;
    return `${prefix}${n.slice(0, 2)}-${rest.slice(0, split)} ${rest.slice(split)}`;
  }
  if (kind === 'landline') {
    const areaLength = n.startsWith('8') ? 2 : 1;
    const rest = n.slice(areaLength);
    const split = rest.length - 4;
    return `${prefix}${n.slice(0, areaLength)}-${rest.slice(0, split)} ${rest.slice(split)}`;
  }
  return e164;
}
