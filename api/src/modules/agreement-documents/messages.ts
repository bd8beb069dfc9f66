export const DOCUMENT_CHANGED =
  'The agreement changed since you read it; read the current version and sign again';
export const ALREADY_SIGNED = 'You have already signed this agreement';
export const DOCUMENT_CLOSED = 'This agreement is already completed and cannot be signed again';
export const NOT_YET_SIGNED = 'The agreement has no signature to complete yet';
export const VERIFICATION_NOT_FOUND = 'No agreement matches this verification code';
export const E_CERTIFICATE_NOT_ISSUED =
  'The e-stamp certificate is issued once every party has signed the agreement';
