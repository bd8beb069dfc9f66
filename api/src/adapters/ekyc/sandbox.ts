// The sandbox eKYC provider: behaves like a hosted vendor on the platform's capture page
// (capture.ts), with the card number as typed standing in for reading the card. The number is
// compared with the application's by keyed hash, so the sandbox never holds the number itself.
import type { Sealer } from '../../crypto/sealed';
import type { Clock } from '../../kernel/clock';
import type { PublicUrl } from '../../kernel/public-url';
import { type CaptureJudge, type CapturingEkyc, capturingEkyc } from './capture';
import { IDENTITY_CARD_MISMATCH, normaliseIdentityCardNo } from './port';
import type { SandboxEkycStore } from './sandbox-store';

export {
  BIOMETRIC_CONSENT_VERSION,
  CAPTURE_KINDS,
  CAPTURE_LINK_TTL_MS,
  type CaptureLink,
  type CaptureReader,
  type CaptureSubmission,
} from './capture';

/** Any provider whose capture runs on the platform's page (the sandbox, or a vendor's API). */
export type SandboxEkyc = CapturingEkyc;

/** Whether the number typed (or read) is the card on the application, by keyed hash. */
export function sameCard(sealer: Sealer, expectedHash: string | null, number: string): boolean {
  const typed = normaliseIdentityCardNo(number);
  return expectedHash !== null && typed.length > 0 && sealer.fingerprint(typed) === expectedHash;
}

export function sandboxEkyc(deps: {
  store: SandboxEkycStore;
  sealer: Sealer;
  clock: Clock;
  publicUrl: PublicUrl;
}): SandboxEkyc {
  const judge: CaptureJudge = async (session, submission) =>
    sameCard(deps.sealer, session.expectedIdentityCardHash, submission.identityCardNo)
      ? { verdict: 'PASSED', message: null }
      : { verdict: 'FAILED', message: IDENTITY_CARD_MISMATCH };
  return capturingEkyc('sandbox', deps, judge);
}
