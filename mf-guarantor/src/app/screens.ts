import type { ScreenDefinition } from '@lending/ui';

/** The screens of this remote (spec section 2) with the journey step each one belongs to. */
export const SCREENS: readonly ScreenDefinition[] = [
  {
    path: '/guarantor-signing/identity-verification',
    id: 'identityVerification',
    steps: { journey: 'guarantor', current: 'identityVerification' },
  },
  {
    path: '/guarantor-signing/verification-retry',
    id: 'verificationRetry',
    steps: { journey: 'guarantor', current: 'identityVerification' },
  },
  {
    path: '/guarantor-signing/loan-agreement',
    id: 'loanAgreement',
    steps: { journey: 'guarantor', current: 'loanAgreement' },
  },
  {
    path: '/guarantor-signing/digital-signing',
    id: 'digitalSigning',
    steps: { journey: 'guarantor', current: 'digitalSigning' },
  },
  {
    path: '/guarantor-signing/request-tac',
    id: 'requestTac',
    steps: { journey: 'guarantor', current: 'digitalSigning' },
  },
  {
    path: '/guarantor-signing/signing-complete',
    id: 'signingComplete',
    steps: { journey: 'guarantor', current: 'completed' },
  },
];

export const JOURNEYS: Record<string, readonly string[]> = {
  guarantor: ['identityVerification', 'loanAgreement', 'digitalSigning', 'completed'],
};
