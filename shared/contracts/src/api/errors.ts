/** The body of every API error. The front ends show `message` as it is (spec section 8). */
export interface ApiErrorBody {
  statusCode: number;
  /** The HTTP status text, e.g. "Bad Request". */
  error: string;
  /** A sentence a user can read, e.g. "email must be a valid email" or "Postcode not found". */
  message: string;
}

/** Every request names its tenant in this header (`arkcash` when absent). */
export const TENANT_HEADER = 'x-tenant';
