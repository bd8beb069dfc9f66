// Shared with the onboarding remote, whose registration signs the new applicant in.
export { completeSignIn } from '@lending/platform';
