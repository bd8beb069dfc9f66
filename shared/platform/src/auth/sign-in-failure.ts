import { httpStatus, serverMessage } from '../api/api-client';

export interface SignInFailureMessages {
  invalidCredentials: string;
  /** When the server gave no message of its own. */
  internal: string;
}

/** What a failed sign-in tells the person: wrong credentials in the app's own words, anything
 *  else in the server's words when it gave some. */
export function signInFailureMessage(error: unknown, messages: SignInFailureMessages): string {
  return httpStatus(error) === 401
    ? messages.invalidCredentials
    : (serverMessage(error) ?? messages.internal);
}
