// The sandbox taxpayer check: it answers as MyInvois does for well-formed and ill-formed input
// (DOMAIN.md, e-Invoice TIN) without a register of real taxpayers behind it:
// - individuals: `IG` and 9 to 11 digits (at most 13 characters), against an NRIC, passport or
//   army number;
// - companies `C`, partnerships `D`, limited liability partnerships `PT`, each followed by digits,
//   against a twelve-digit SSM registration number of the same kind of entity (its `TT` code:
//   01-02 companies, 03 businesses and partnerships, 04-06 LLPs), fourteen characters at most
//   (the sandbox's bound: DOMAIN.md names none for these).
// A TIN whose digits are all zero is well formed but unknown to the authority: the one way to see
// a "not found" answer for input that passes every format rule.
import type { TaxAuthority, TaxIdType, TinCheck } from './port';

const INDIVIDUAL_TIN = /^IG\d{9,11}$/;
const NON_INDIVIDUAL_TIN = /^(C|D|PT)\d+$/;
const MAX_TIN_LENGTH = 14;

const ID_FORMATS: Record<TaxIdType, RegExp> = {
  NRIC: /^\d{12}$/,
  PASSPORT: /^[A-Z0-9]{6,12}$/,
  BRN: /^\d{12}$/,
  ARMY: /^[A-Z0-9]{5,12}$/,
};

/** SSM entity codes (the `TT` of `YYYY TT NNNNNN`) each non-individual TIN prefix goes with. */
const ENTITY_CODES: Record<string, readonly string[]> = {
  C: ['01', '02'],
  D: ['03'],
  PT: ['04', '05', '06'],
};

export function tinIsWellFormed({ tin, idType, idValue }: TinCheck): boolean {
  if (tin.length > MAX_TIN_LENGTH || !ID_FORMATS[idType].test(idValue)) return false;
  if (INDIVIDUAL_TIN.test(tin)) return idType !== 'BRN';
  const entity = NON_INDIVIDUAL_TIN.exec(tin);
  if (!entity) return false;
  return idType === 'BRN' && ENTITY_CODES[entity[1]!]!.includes(idValue.slice(4, 6));
}

export function sandboxTaxAuthority(): TaxAuthority {
  return {
    name: 'sandbox',
    async validateTin(check) {
      if (!tinIsWellFormed(check)) return false;
      return !/^[A-Z]+0+$/.test(check.tin);
    },
  };
}
