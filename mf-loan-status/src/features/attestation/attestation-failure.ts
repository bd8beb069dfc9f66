import { errorMessage } from '@lending/platform';

/** Refusals the borrower can act on, told in their own language; the server's English message
 *  is only a fallback for what they cannot (spec section 8: clients branch on `code`). */
const CODED = [
  'SLOT_TAKEN',
  'SLOT_NOT_BOOKABLE',
  'BOOKING_NOT_FOUND',
  'ATTESTATION_OPTION_REFUSED',
  'VIDEO_NOT_WATCHED',
  'EXPLAIN_BACK_INCORRECT',
] as const;

type Translate = (key: string) => string;

function codeOf(error: unknown): unknown {
  return (error as { response?: { data?: { code?: unknown } } } | null)?.response?.data?.code;
}

export function attestationFailure(error: unknown, t: Translate): string {
  const code = codeOf(error);
  return CODED.find((known) => known === code)
    ? t(`attestation.errors.${code as string}`)
    : errorMessage(error);
}
