// The edge refuses a body past its route's limit before the API sees it (docs/edge.md): every
// route of the API that takes a file must have its limit at the edge, at least the API's own, or
// the edge would refuse what the API accepts (as it did every document over 1 MiB).
import {
  ATTESTATION_PATHS,
  BANK_IN_SLIP_MAX_BYTES,
  BANK_IN_SLIP_PATHS,
  EKYC_PATHS,
  FILE_PATHS,
  MASTER_SETUP_PATHS,
  MASTER_VIDEO_MAX_BYTES,
} from '@lending/contracts';
import { STATEMENT_FILE_MAX_BYTES } from '@lending/domain';

import { MAX_VIDEO_BYTES } from '../modules/attestation/service';
import { MAX_CAPTURE_IMAGE_BYTES } from '../modules/ekyc/sandbox-routes';
import { databases, openTestApp, type TestApp } from '../testing/test-db';
import { operationsOf } from './openapi-operations';

interface EdgePolicy {
  SMALL_BODY_BYTES: number;
  LARGE_BODIES: { method: string; path: string; bytes: number }[];
  largeBodyRoute(method: string, path: string): { bytes: number } | undefined;
}
// The edge's policy is plain JavaScript of the infra package, loaded as both edges read it.
const POLICY = '../../../infra/gateway/edge-policy.mjs';

/** The largest body the API itself takes on each route that takes a file. A new such route is
 *  named here, and given its limit at the edge. */
const API_LIMITS: Record<string, number> = {
  [`POST ${FILE_PATHS.upload}`]: STATEMENT_FILE_MAX_BYTES,
  [`POST ${MASTER_SETUP_PATHS.upload}`]: MASTER_VIDEO_MAX_BYTES,
  [`PUT ${ATTESTATION_PATHS.staffVideo(':language')}`]: MAX_VIDEO_BYTES,
  [`POST ${EKYC_PATHS.sandboxCapture(':captureToken')}`]: 3 * MAX_CAPTURE_IMAGE_BYTES,
  [`POST ${BANK_IN_SLIP_PATHS.borrowerSlips(':agreementId')}`]: BANK_IN_SLIP_MAX_BYTES,
};

describe.each(databases().slice(0, 1))('the edge’s body limits against the API on %s', (kind) => {
  let t: TestApp;
  let policy: EdgePolicy;
  beforeAll(async () => {
    t = await openTestApp(kind);
    policy = (await import(POLICY)) as EdgePolicy;
  });
  afterAll(() => t.close());

  it('let every file the API accepts through, and nothing larger than it takes', () => {
    const takingFiles = operationsOf(t.app).filter((operation) =>
      operation.bodyTypes.some(
        (type) => type === 'multipart/form-data' || type.startsWith('video/'),
      ),
    );
    const keys = takingFiles.map(
      (operation) => `${operation.method} ${operation.path.replace(/\{(\w+)\}/g, ':$1')}`,
    );
    expect(keys.sort()).toEqual(Object.keys(API_LIMITS).sort());
    for (const key of keys) {
      const [method = '', path = ''] = key.split(' ');
      const concrete = path.replace(/:\w+/g, 'x');
      const edge = policy.largeBodyRoute(method, concrete);
      const apiLimit = API_LIMITS[key] ?? 0;
      expect({ key, atLeastTheApis: (edge?.bytes ?? 0) >= apiLimit }).toEqual({
        key,
        atLeastTheApis: true,
      });
      // Room for a form's fields and part headers, not for another file.
      expect({ key, room: (edge?.bytes ?? 0) - apiLimit <= 64 * 1024 }).toEqual({
        key,
        room: true,
      });
    }
    expect(policy.LARGE_BODIES).toHaveLength(keys.length);
  });

  it('take on every other route what the API takes', () => {
    expect(policy.SMALL_BODY_BYTES).toBe(t.app.initialConfig.bodyLimit);
  });
});
