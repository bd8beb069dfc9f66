// A contract fake of an Innov8tif-style eKYC API: OkayID (`/api/ekyc/okayid`: the card's two
// sides, base64) answers the number it read; OkayFace (`/api/ekyc/okayface`) the confidence that
// the selfie is the card's face; OkayLive (`/api/ekyc/okaylive`) the selfie's liveness score. A
// wrong API key is `api.invalid.apikey`; a picture it cannot use is `api.image.quality`. What it
// "sees" in a picture is written into the test image itself (`card:<number>`, `face:<0-100>`,
// `live:<0-100>`), so a suite says what each photo shows.
import { type FakeServer, json, startFakeServer } from './fake-server';

/** A picture for the fake: a PNG's first bytes (so type checks pass) and what it shows. */
export function fakePhoto(shows: string): Buffer {
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.from(`\n${shows}\n`),
  ]);
}

const seen = (base64: unknown, what: string): string | null => {
  if (typeof base64 !== 'string') return null;
  return (
    new RegExp(`${what}:([\\w.]+)`).exec(Buffer.from(base64, 'base64').toString('latin1'))?.[1] ??
    null
  );
};

export interface OkayFake {
  server: FakeServer;
  url: string;
  close(): Promise<void>;
}

export async function startOkayFake(options: { apiKey: string }): Promise<OkayFake> {
  const server = await startFakeServer((request) => {
    if (request.method !== 'POST') return json(405, { status: 'error', messageCode: 'api.method' });
    const body = request.json<Record<string, unknown>>();
    if (body.apiKey !== options.apiKey) {
      return json(200, { status: 'error', messageCode: 'api.invalid.apikey' });
    }
    const unusable = json(200, { status: 'error', messageCode: 'api.image.quality' });
    switch (request.path) {
      case '/api/ekyc/okayid': {
        const number = seen(body.base64ImageString, 'card');
        if (!number || typeof body.backImage !== 'string') return unusable;
        return json(200, {
          status: 'success',
          messageCode: 'api.success',
          result: { documentNumber: number, documentType: 'MyKad' },
        });
      }
      case '/api/ekyc/okayface': {
        const confidence = seen(body.imageBestBase64, 'face');
        if (!confidence || !seen(body.imageIdCardBase64, 'card')) return unusable;
        return json(200, { status: 'success', result: { confidence: Number(confidence) } });
      }
      case '/api/ekyc/okaylive': {
        const score = seen(body.imageBase64, 'live');
        if (!score) return unusable;
        return json(200, { status: 'success', result: { score: Number(score) / 100 } });
      }
      default:
        return json(404, { status: 'error', messageCode: 'api.not.found' });
    }
  });
  return { server, url: server.url, close: () => server.close() };
}
