// The capture the applicant does on their phone, whichever provider judges it: starting a session
// gives a single-use link (30 minutes) to the platform's capture page (modules/ekyc), which takes
// the consent, the card's two sides, a selfie and the card number as printed. A judge gives the
// verdict: the sandbox compares the typed number; a vendor reads the card, matches the face and
// checks liveness. The verdict and the images are claimed once, so a capture sent twice (a double
// tap, a resent form) is judged and kept once. Images stay sealed until the lender collects them.
import { createHash, randomBytes } from 'node:crypto';

import type { Sealer } from '../../crypto/sealed';
import type { Clock } from '../../kernel/clock';
import type { PublicUrl } from '../../kernel/public-url';
import type {
  EkycAudience,
  EkycCapturedImage,
  EkycDocumentKind,
  EkycProvider,
  EkycProviderStatus,
  EkycResult,
} from './port';
import type { SandboxEkycStore, SandboxSessionRow } from './sandbox-store';

export const CAPTURE_LINK_TTL_MS = 30 * 60 * 1000;
/** The wording of the biometric consent on the capture page; a new wording gets a new version. */
export const BIOMETRIC_CONSENT_VERSION = 'ekyc-biometric-consent-2026-01';
export const CAPTURE_KINDS: readonly EkycDocumentKind[] = ['ID_FRONT', 'ID_BACK', 'SELFIE'];

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Who reads the capture page: its language, and where they go back to afterwards. */
export interface CaptureReader {
  language: 'EN' | 'MS';
  audience: EkycAudience;
}

export type CaptureLink =
  | ({ ok: true; sessionId: string } & CaptureReader)
  | ({ ok: false; reason: 'unknown' | 'used' | 'expired' } & CaptureReader);

export interface CaptureSubmission {
  consent: boolean;
  identityCardNo: string;
  images: EkycCapturedImage[];
  ip: string | null;
}

export interface Verdict {
  verdict: 'PASSED' | 'FAILED';
  message: string | null;
}

/** Judges a capture against the session's expected card (keyed hash of its number). Throws when
 *  it cannot judge (a vendor down): the link stays unused, so the applicant can send it again. */
export type CaptureJudge = (
  session: Pick<SandboxSessionRow, 'id' | 'expectedIdentityCardHash'>,
  submission: CaptureSubmission,
) => Promise<Verdict>;

/** An eKYC provider whose capture happens on the platform's own page. */
export interface CapturingEkyc extends EkycProvider {
  /** Whether a capture link can still be used, without using it. */
  openCapture(token: string): Promise<CaptureLink>;
  /** Takes the capture once: the verdict, or why the link cannot be used. */
  submitCapture(
    token: string,
    submission: CaptureSubmission,
  ): Promise<CaptureLink | ({ ok: true } & Verdict)>;
}

export function capturingEkyc(
  name: string,
  deps: {
    store: SandboxEkycStore;
    sealer: Sealer;
    clock: Clock;
    /** Where the platform is reached, for the capture link. */
    publicUrl: PublicUrl;
  },
  judge: CaptureJudge,
): CapturingEkyc {
  const { store, sealer, clock } = deps;

  async function findByToken(token: string) {
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
    return store.byTokenHash(hashToken(token));
  }

  function linkState(row: SandboxSessionRow | undefined): CaptureLink {
    if (!row) return { ok: false, reason: 'unknown', language: 'EN', audience: 'APPLICANT' };
    const reader: CaptureReader = { language: row.language, audience: row.audience };
    if (row.usedAt) return { ok: false, reason: 'used', ...reader };
    if (row.expiresAt.getTime() <= clock.now().getTime()) {
      return { ok: false, reason: 'expired', ...reader };
    }
    return { ok: true, sessionId: row.id, ...reader };
  }

  return {
    name,

    async startSession(subject) {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(clock.now().getTime() + CAPTURE_LINK_TTL_MS);
      const providerRef = await store.insert({
        tokenHash: hashToken(token),
        expectedIdentityCardHash: subject.identityCardFingerprint,
        language: subject.language,
        audience: subject.audience,
        expiresAt,
      });
      return {
        providerRef,
        captureUrl: `${deps.publicUrl()}/api/sandbox/ekyc/${token}`,
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
      const { verdict, message } = await judge(row, submission);
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
      if (!taken) {
        return { ok: false, reason: 'used', language: row.language, audience: row.audience };
      }
      return { ok: true, verdict, message };
    },
  };
}
