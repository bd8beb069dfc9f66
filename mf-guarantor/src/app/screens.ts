import type { ScreenDefinition } from '@lending/ui';
import { type ComponentType, lazy } from 'react';

/** Each screen's code arrives when its route is visited, so a route pays only for itself. */
function page<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}
// The identity steps load apart from the signing steps: the first page a guarantor opens on a
// phone does not fetch the document reader and the code entry.
const identity = () => import('../features/guarantor-signing/identity-pages');
const signing = () => import('../features/guarantor-signing/guarantor-pages');

/** The screens of this remote (spec section 2) with the journey step each one belongs to. */
export const SCREENS: readonly ScreenDefinition[] = [
  {
    path: '/guarantor-signing/identity-verification',
    id: 'identityVerification',
    steps: { journey: 'guarantor', current: 'identityVerification' },

    component: page(identity, 'IdentityVerificationPage'),
  },
  {
    path: '/guarantor-signing/verification-retry',
    id: 'verificationRetry',
    steps: { journey: 'guarantor', current: 'identityVerification' },

    component: page(identity, 'VerificationRetryPage'),
  },
  {
    path: '/guarantor-signing/loan-agreement',
    id: 'loanAgreement',
    steps: { journey: 'guarantor', current: 'loanAgreement' },

    component: page(signing, 'LoanAgreementPage'),
  },
  {
    path: '/guarantor-signing/digital-signing',
    id: 'digitalSigning',
    steps: { journey: 'guarantor', current: 'digitalSigning' },

    component: page(signing, 'DigitalSigningPage'),
  },
  {
    path: '/guarantor-signing/request-tac',
    id: 'requestTac',
    steps: { journey: 'guarantor', current: 'digitalSigning' },

    component: page(signing, 'RequestTacPage'),
  },
  {
    path: '/guarantor-signing/signing-complete',
    id: 'signingComplete',
    steps: { journey: 'guarantor', current: 'completed' },

    component: page(signing, 'SigningCompletePage'),
  },
];

export const JOURNEYS: Record<string, readonly string[]> = {
  guarantor: ['identityVerification', 'loanAgreement', 'digitalSigning', 'completed'],
};
