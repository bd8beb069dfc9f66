// The sandbox eKYC provider: behaves like a hosted vendor. Starting a session gives a single-use
// capture link (30 minutes); the page behind it (modules/ekyc/sandbox-routes.ts) takes the
// consent, the card's two sides, a selfie and the card number as printed (the sandbox's stand-in
// for reading the card). The number is compared with the application's by keyed hash, so the
// sandbox never holds the number itself. Images are kept sealed until the lender collects them.
import { createHash, randomBytes } from 'node:crypto';

import type { Sealer } from '../../crypto/sealed';
import type { Clock } from '../../kernel/clock';
import {
  type EkycCapturedImage,
  type EkycDocumentKind,
  type EkycProvider,
  type EkycProviderStatus,
  type EkycResult,
  IDENTITY_CARD_MISMATCH,
  normaliseIdentityCardNo,
} from './port';
import type { SandboxEkycStore, SandboxSessionRow } from './sandbox-store';

export const CAPTURE_LINK_TTL_MS = 30 * 60 * 1000;
/** The wording of the biometric consent on the capture page; a new wording gets a new version. */
export const BIOMETRIC_CONSENT_VERSION = 'ekyc-biometric-consent-2026-01';
export const CAPTURE_KINDS: readonly EkycDocumentKind[] = ['ID_FRONT', 'ID_BACK', 'SELFIE'];

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export type CaptureLink =
  | { ok: true; sessionId: string; language: 'EN' | 'MS' }
  | { ok: false; reason: 'unknown' | 'used' | 'expired'; language: 'EN' | 'MS' };

export interface CaptureSubmission {
  consent: boolean;
  identityCardNo: string;
  images: EkycCapturedImage[];
  ip: string | null;
}

export interface SandboxEkyc extends EkycProvider {
  /** Whether a capture link can still be used, without using it. */
  openCapture(token: string): Promise<CaptureLink>;
  /** Takes the capture once: the verdict, or why the link cannot be used. */
  submitCapture(
    token: string,
    submission: CaptureSubmission,
  ): Promise<CaptureLink | { ok: true; verdict: 'PASSED' | 'FAILED'; message: string | null }>;
}

export function sandboxEkyc(deps: {
  store: SandboxEkycStore;
  sealer: Sealer;
  clock: Clock;
  /** Where the platform is reached, for the capture link. */
  publicUrl: string;
}): SandboxEkyc {
  const { store, sealer, clock } = deps;

  async function findByToken(token: string) {
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
    return store.byTokenHash(hashToken(token));
  }

  function linkState(row: SandboxSessionRow | undefined): CaptureLink {
    if (!row) return { ok: false, reason: 'unknown', language: 'EN' };
    if (row.usedAt) return { ok: false, reason: 'used', language: row.language };
    if (row.expiresAt.getTime() <= clock.now().getTime()) {
      return { ok: false, reason: 'expired', language: row.language };
    }
    return { ok: true, sessionId: row.id, language: row.language };
  }

  return {
    name: 'sandbox',

    async startSession(subject) {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(clock.now().getTime() + CAPTURE_LINK_TTL_MS);
      const providerRef = await store.insert({
        tokenHash: hashToken(token),
        expectedIdentityCardHash: subject.identityCardFingerprint,
        language: subject.language,
        expiresAt,
      });
      return {
        providerRef,
        captureUrl: `${deps.publicUrl}/api/sandbox/ekyc/${token}`,
        expiresAt,
      };
    },

    async status(providerRef): Promise<EkycProviderStatus> {
      const row = await store.byId(providerRef);
      if (!row) return { state: 'EXPIRED', message: null };
      if (row.verdict) return { state: row.verdict, message: row.verdictMessage };
      if (row.expiresAt.getTime() <= clock.now().getTime()) {
        return { state: 'EXPIRED', message: null };
      }
      return { state: 'PENDING', message: null };
    },

    async collectResult(providerRef): Promise<EkycResult | null> {
      const taken = await store.takeFinished(providerRef);
      if (!taken) return null;
      const { row, images } = taken;
      return {
        state: row.verdict,
        message: row.verdictMessage,
        completedAt: row.usedAt,
        consent: {
          textVersion: row.consentTextVersion ?? BIOMETRIC_CONSENT_VERSION,
          at: row.consentAt,
          ip: row.consentIp,
        },
        images: images.map((image) => ({
          kind: image.kind,
          contentType: image.contentType,
          content: sealer.openBytes(image.sealedContent),
        })),
      };
    },

    async openCapture(token) {
      return linkState(await findByToken(token));
    },

    async submitCapture(token, submission) {
      const row = await findByToken(token);
      const state = linkState(row);
      if (!state.ok || !row) return state;
      const typed = normaliseIdentityCardNo(submission.identityCardNo);
      const matches =
        row.expectedIdentityCardHash !== null &&
        typed.length > 0 &&
        sealer.fingerprint(typed) === row.expectedIdentityCardHash;
      const verdict = matches ? ('PASSED' as const) : ('FAILED' as const);
      const message = matches ? null : IDENTITY_CARD_MISMATCH;
      const now = clock.now();
      const taken = await store.claim(
        row.id,
        {
          usedAt: now,
          verdict,
          verdictMessage: message,
          consentTextVersion: BIOMETRIC_CONSENT_VERSION,
          consentAt: now,
          consentIp: submission.ip,
        },
        submission.images.map((image) => ({
          kind: image.kind,
          contentType: image.contentType,
          sealedContent: sealer.sealBytes(image.content),
        })),
      );
      if (!taken) return { ok: false, reason: 'used', language: row.language };
      return { ok: true, verdict, message };
    },
  };
}
