// The production gateway in front of two real API processes: requests are taken in turn by both,
// reads keep being answered once one of them stops, and a form sent to a stopped one is answered
// 503 and never sent again to the other (it could have reached an API and done its work twice).
// Each process keeps its own embedded database here: only where requests go is looked at.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { AUTH_PATHS, HEALTH_PATH } from '@lending/contracts';
import type { FastifyInstance } from 'fastify';

import { type ApiProcess, freePort, startApiProcess, stopApiProcess } from '../testing/api-process';

// Two starts of the real server from its sources, one after the other, on a machine that may be
// busy with other work.
jest.setTimeout(240_000);

const GATEWAY = '../../../infra/gateway/gateway.mjs';
/** A read nothing else asks for here (the start waits on the liveness check, logged late). */
const READY = `${HEALTH_PATH}/ready`;

interface GatewayModule {
  createGateway(options: {
    repoRoot: string;
    apiUrls: string[];
    upstreamDownMs?: number;
    remotesFile: string;
    proxySecret?: string;
  }): Promise<FastifyInstance>;
}

/** The requests a process logged for `route` (one line each, as it logs every request). */
function answered(api: ApiProcess, route: string): { method: string; status: number }[] {
  return api.lines.flatMap((line) => {
    try {
      const entry = JSON.parse(line) as {
        msg?: string;
        route?: string;
        method: string;
        status: number;
      };
      return entry.msg === 'request' && entry.route === route ? [entry] : [];
    } catch {
      return [];
    }
  });
}

/** Until the process has written the log lines of what it answered. */
async function logged(api: ApiProcess, route: string, count: number): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (answered(api, route).length < count && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the gateway in front of two API processes', () => {
  let a: ApiProcess | undefined;
  let b: ApiProcess | undefined;
  const gateways: FastifyInstance[] = [];
  let folder: string;
  const proxySecret = randomBytes(24).toString('hex');

  beforeAll(async () => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lending-balance-'));
    const env = (name: string) => ({
      DATA_DIR: path.join(folder, name, 'pglite'),
      FILES_DIR: path.join(folder, name, 'files'),
      PROXY_SECRET: proxySecret,
    });
    // One after the other: two cold starts at once on a small machine take longer than in turn.
    a = await startApiProcess(await freePort(), env('a'));
    b = await startApiProcess(await freePort(), env('b'));
  });
  afterAll(async () => {
    for (const gateway of gateways) await gateway.close();
    await Promise.all([stopApiProcess(a), stopApiProcess(b)]);
    fs.rmSync(folder, { recursive: true, force: true });
  });

  async function gatewayTo(apiUrls: string[], upstreamDownMs?: number): Promise<string> {
    const { createGateway } = (await import(GATEWAY)) as GatewayModule;
    const gateway = await createGateway({
      // No front-end builds here: only the API paths are exercised.
      repoRoot: folder,
      apiUrls,
      ...(upstreamDownMs === undefined ? {} : { upstreamDownMs }),
      remotesFile: path.join(folder, 'remotes.json'),
      proxySecret,
    });
    gateways.push(gateway);
    await gateway.listen({ port: 0, host: '127.0.0.1' });
    return `http://127.0.0.1:${(gateway.server.address() as AddressInfo).port}`;
  }

  it('sends requests to both in turn, and only reads on to the other once one stops', async () => {
    const base = await gatewayTo([a!.base, b!.base]);
    const aBefore = answered(a!, READY).length;
    const bBefore = answered(b!, READY).length;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await fetch(`${base}${READY}`)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    await Promise.all([logged(a!, READY, aBefore + 3), logged(b!, READY, bBefore + 3)]);
    expect(answered(a!, READY).length - aBefore).toBe(3);
    expect(answered(b!, READY).length - bBefore).toBe(3);

    await stopApiProcess(b);
    const afterStop: number[] = [];
    for (let i = 0; i < 6; i++) afterStop.push((await fetch(`${base}${READY}`)).status);
    expect(afterStop).toEqual([200, 200, 200, 200, 200, 200]);
    await logged(a!, READY, aBefore + 9);
    expect(answered(a!, READY).length - aBefore).toBe(9);
  });

  it('answers 503 to a form the stopped process refused, without sending it to the other', async () => {
    // Never skipping the stopped one, so every other request is first offered to it.
    const base = await gatewayTo([b!.base, a!.base], 0);
    const solvedBefore = answered(a!, '/arkcash/api/v1.0/sandbox/captcha/solve').length;
    const solve = () =>
      fetch(`${base}${AUTH_PATHS.sandboxCaptchaSolve}`, { method: 'POST' }).then(
        async (response) => ({ status: response.status, body: await response.text() }),
      );
    const refused = await solve();
    expect(refused.status).toBe(503);
    // The upstream's address is not the visitor's business.
    expect(refused.body).not.toContain('127.0.0.1');
    const accepted = await solve();
    expect(accepted.status).toBe(200);
    await logged(a!, '/arkcash/api/v1.0/sandbox/captcha/solve', solvedBefore + 1);
    // One form reached A: the refused one was not sent on.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(answered(a!, '/arkcash/api/v1.0/sandbox/captcha/solve')).toHaveLength(solvedBefore + 1);

    // A read offered to the stopped process first is answered by the other all the same.
    for (let i = 0; i < 4; i++) expect((await fetch(`${base}${HEALTH_PATH}`)).status).toBe(200);
  });
});
