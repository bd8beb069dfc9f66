// What the telecom sign-in answers, in the words the redcash screens show (spec section 8: the
// screen shows the server's message; "Invalid NRIC entered" is handled on the screen itself).
export const TELECOM_MESSAGES = {
  invalidCredentials: 'Invalid phone number or password',
  invalidPortalCredentials: 'Invalid credentials',
  invalidNric: 'Invalid NRIC entered',
  lineProofExpired: 'Your telecom sign-in has expired, please sign in again',
  resetRequested:
    'If this number is a line of our telecom partner, a new password is on its way by SMS',
  unavailable: 'The telecom sign-in is unavailable, please try again later',
  noAccount: 'No account uses this telecom line yet: sign in with your phone number to register',
} as const;
