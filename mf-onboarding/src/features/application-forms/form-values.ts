import type { AddressInput } from '@lending/contracts';
import { parseRinggit, senToRinggitString, toE164 } from '@lending/domain';
import { PHONE_COUNTRY_CODES } from '@lending/ui/forms';

import { type AddressValues, EMPTY_ADDRESS } from './address-schema';

/** A stored E.164 number split back into the form's country code and digits. */
export function splitPhone(e164: string | null | undefined): {
  countryCode: string;
  number: string;
} {
  if (!e164) return { countryCode: '+60', number: '' };
  const code = [...PHONE_COUNTRY_CODES]
    .sort((a, b) => b.length - a.length)
    .find((candidate) => e164.startsWith(candidate));
  return code
    ? { countryCode: code, number: e164.slice(code.length) }
    : { countryCode: '+60', number: e164.replace(/^\+/, '') };
}

/** The E.164 form of a number the schema has already accepted. */
export function joinPhone(countryCode: string, number: string): string {
  const result = toE164(countryCode, number);
  return result.ok ? result.e164 : `${countryCode}${number}`;
}

export function addressValues(address: AddressInput | null | undefined): AddressValues {
  if (!address) return { ...EMPTY_ADDRESS };
  return {
    line1: address.line1 ?? '',
    line2: address.line2 ?? '',
    line3: address.line3 ?? '',
    postcode: address.postcode ?? '',
  };
}

export function addressInput(values: AddressValues): AddressInput {
  return {
    line1: values.line1.trim(),
    ...(values.line2.trim() ? { line2: values.line2.trim() } : {}),
    ...(values.line3.trim() ? { line3: values.line3.trim() } : {}),
    postcode: values.postcode,
  };
}

export function sameAddress(a: AddressValues, b: AddressValues): boolean {
  return (
    a.line1 === b.line1 && a.line2 === b.line2 && a.line3 === b.line3 && a.postcode === b.postcode
  );
}

export function senValue(sen: number | null | undefined): string {
  return sen === null || sen === undefined ? '' : senToRinggitString(sen);
}

/** Sen from a ringgit amount the schema accepted; undefined when left empty. */
export function senFrom(value: string): number | undefined {
  if (!value.trim()) return undefined;
  const parsed = parseRinggit(value);
  return parsed.ok ? parsed.sen : undefined;
}

export function optionalText(value: string): string | undefined {
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

export function optionalNumber(value: string): number | undefined {
  return value === '' ? undefined : Number(value);
}

export function idValue(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : String(value);
}
