import { STAFF_ACTION_REFUSALS, STAFF_ROLES } from '@lending/domain';
import { type TSchema, type TUnsafe, Type } from '@sinclair/typebox';

/** A string limited to a few values, validated as a JSON-schema `enum` so the error names them. */
export function StringEnum<const T extends readonly string[]>(
  values: T,
  options: { default?: T[number]; description?: string } = {},
): TUnsafe<T[number]> {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}

/** Compile-time check that a route schema and its shared contract describe the same shape. */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** The error answers a route documents, all with the one error body. */
export function errorResponses(...codes: number[]): Record<number, TSchema> {
  return Object.fromEntries(codes.map((code) => [code, Type.Ref('ApiError')]));
}

/** Taken exactly as typed: no trimming, so spaces are part of a password. */
export const PasswordField = Type.String({
  minLength: 1,
  maxLength: 1024,
  'x-sentences': {
    required: 'Please enter your password',
    minLength: 'Please enter your password',
  },
});

/** What a member of staff may do with a record, or why not (`StaffActionVerdict`). */
export const StaffActionVerdictSchema = Type.Union([
  Type.Object({ allowed: Type.Literal(true) }),
  Type.Object({
    allowed: Type.Literal(false),
    reason: StringEnum(STAFF_ACTION_REFUSALS),
    roles: Type.Optional(Type.Array(StringEnum(STAFF_ROLES))),
  }),
]);
