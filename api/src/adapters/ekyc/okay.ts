// A Malaysian eKYC vendor's API in the shape of Innov8tif's: OkayID reads the identity card (both
// sides), OkayFace compares the selfie with the card's photo, OkayLive says whether the selfie is
// of a live person. The capture stays on the platform's page (capture.ts: the consent, the
// retries and the single-use link are the product's, unchanged); the vendor judges it. A card
// whose number, read or typed, is not the application's, a face below the match threshold or a
// selfie below the liveness threshold fails; a vendor that cannot answer leaves the link unused.
//
// The three requests are reads: tried again after a timeout or a server error. Their addresses
// and field names are in one place below; docs/providers.md lists what to check against the
// vendor's current API document before going live.
import type { OkaySettings } from '../../kernel/config-providers';
import { HttpError } from '../../kernel/errors';
import {
  type CallPolicy,
  callVendor,
  retryAll,
  VendorCallError,
  vendorRefused,
  vendorUrl,
} from '../vendor-http';
import { type CaptureJudge, type CapturingEkyc, capturingEkyc, type Verdict } from './capture';
import { type EkycDocumentKind, IDENTITY_CARD_MISMATCH } from './port';
import { sameCard } from './sandbox';

const VENDOR = 'eKYC (Okay)';
export const OKAY_PATHS = {
  document: '/api/ekyc/okayid',
  face: '/api/ekyc/okayface',
  liveness: '/api/ekyc/okaylive',
} as const;

const POLICY: CallPolicy = { timeoutMs: 20_000, attempts: 3, backoffMs: 1_000, retryOn: retryAll };

/** The verdict's words the applicant's screens know (spec section 8). */
export const VERIFICATION_FAILED = 'ID verification failed';
export const EKYC_UNAVAILABLE =
  'The identity check is unavailable just now, please send the photos again in a few minutes';

/** The vendor's codes for a picture it could not use: a verdict, not an outage. */
const UNUSABLE_IMAGE = /image|quality|document\.not|not\.detected|blur|glare|face\.not/i;
const BAD_KEY = /key|auth|credential|expired|quota/i;

interface OkayAnswer {
  status?: string;
  messageCode?: string;
  result?: Record<string, unknown>;
}

type Call = 'document' | 'face' | 'liveness';

export function okayEkyc(
  settings: Omit<OkaySettings, 'provider'>,
  deps: Parameters<typeof capturingEkyc>[1] & { policy?: Partial<CallPolicy> },
): CapturingEkyc {
  const policy = { ...POLICY, ...deps.policy };

  /** The vendor's result, or null when it could not use the picture. */
  async function ask(call: Call, body: Record<string, string>) {
    const answer = await callVendor(
      VENDOR,
      () => ({
        method: 'POST',
        url: vendorUrl(settings.url, OKAY_PATHS[call]),
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ apiKey: settings.apiKey, ...body }),
      }),
      policy,
    );
    if (answer.status === 401 || answer.status === 403) {
      throw vendorRefused(VENDOR, 'credentials', `${call} refused the API key`, answer.status);
    }
    let parsed: OkayAnswer;
    try {
      parsed = answer.json<OkayAnswer>();
    } catch {
      throw vendorRefused(VENDOR, 'answer', `${call} answer unreadable`, answer.status);
    }
    if (parsed.status === 'success' && parsed.result) return parsed.result;
    const code = String(parsed.messageCode ?? answer.status).slice(0, 40);
    if (BAD_KEY.test(code)) throw vendorRefused(VENDOR, 'credentials', `${call} refused (${code})`);
    if (UNUSABLE_IMAGE.test(code)) return null;
    throw vendorRefused(VENDOR, 'answer', `${call} refused (${code})`, answer.status);
  }

  const score = (value: unknown): number | null => {
    const number = typeof value === 'string' ? Number(value) : value;
    if (typeof number !== 'number' || !Number.isFinite(number)) return null;
    // Some answers give a probability (0 to 1), others a percentage.
    return number <= 1 ? number * 100 : number;
  };

  const judge: CaptureJudge = async (session, submission): Promise<Verdict> => {
    const image = (kind: EkycDocumentKind) =>
      submission.images.find((one) => one.kind === kind)?.content.toString('base64') ?? '';
    const failed: Verdict = { verdict: 'FAILED', message: VERIFICATION_FAILED };
    // The number typed must be the application's before the vendor is asked anything.
    if (!sameCard(deps.sealer, session.expectedIdentityCardHash, submission.identityCardNo)) {
      return { verdict: 'FAILED', message: IDENTITY_CARD_MISMATCH };
    }
    try {
      const card = await ask('document', {
        base64ImageString: image('ID_FRONT'),
        backImage: image('ID_BACK'),
        docType: 'nonpassport',
      });
      if (!card) return failed;
      const read = typeof card.documentNumber === 'string' ? card.documentNumber : '';
      if (!sameCard(deps.sealer, session.expectedIdentityCardHash, read)) {
        return { verdict: 'FAILED', message: IDENTITY_CARD_MISMATCH };
      }
      const face = await ask('face', {
        imageIdCardBase64: image('ID_FRONT'),
        imageBestBase64: image('SELFIE'),
      });
      const match = score(face?.confidence);
      if (match === null || match < settings.faceThreshold) return failed;
      const live = await ask('liveness', { imageBase64: image('SELFIE') });
      const liveness = score(live?.score);
      if (liveness === null || liveness < settings.livenessThreshold) return failed;
      return { verdict: 'PASSED', message: null };
    } catch (error) {
      if (error instanceof VendorCallError) {
        // What the vendor did stays with the error for the providers page, not the applicant.
        throw Object.assign(new HttpError(503, EKYC_UNAVAILABLE, 'UNAVAILABLE'), { cause: error });
      }
      throw error;
    }
  };

  return capturingEkyc('okay', deps, judge);
}
