import { groupNricAsTyped, NRIC_TYPED_MAX_LENGTH } from '@lending/domain';
import type { ComponentProps } from 'react';

import { TextField } from './fields';

type IdentityNumberFieldProps = Omit<
  ComponentProps<typeof TextField>,
  'transform' | 'display' | 'inputMode' | 'maxLength' | 'type'
> & {
  /** A passport number instead of a MyKad one. */
  passport?: boolean;
};

const PASSPORT_MAX_LENGTH = 12;
const passportAsTyped = (value: string) => value.toUpperCase().replace(/[^A-Z0-9]/g, '');
/** A number kept as digits is shown grouped; anything else (a passport number left from the
 *  other card type) as it is, so what is checked is what is seen. */
const nricShown = (value: string) => (/^[\d\s-]*$/.test(value) ? groupNricAsTyped(value) : value);

/**
 * The one identity number input of every form (registration, applicant, partners and directors,
 * eligibility, sign-in with a telecom line): a MyKad number is typed or pasted with or without
 * hyphens and kept grouped `YYMMDD-PB-###G`, its twelve digits counted without them; a passport
 * number in capitals, letters and digits only. Schemas and the API read either with `parseNric`
 * or `validatePassport` of `@lending/domain`.
 */
export function IdentityNumberField({ passport = false, ...props }: IdentityNumberFieldProps) {
  return (
    <TextField
      autoComplete="off"
      {...props}
      inputMode={passport ? 'text' : 'numeric'}
      transform={passport ? passportAsTyped : groupNricAsTyped}
      display={passport ? undefined : nricShown}
      maxLength={passport ? PASSPORT_MAX_LENGTH : NRIC_TYPED_MAX_LENGTH}
    />
  );
}
