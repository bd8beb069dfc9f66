// @ts-check
// The processes the throughput bench measures: API processes, the edges in front of them, a
// scratch database, and the CPU each spends.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { startNginx } from '../deploy/nginx/edge.mjs';
import { repoRoot, waitForHttp } from './lib.mjs';

/** @typedef {{ pid: number | undefined, stop: () => Promise<void> }} Child */

/**
 * The bench is one client address with a hundred connections: the edges' per-address ceilings
 * are lifted, as the API's own limits are (api/bench/throughput-server.ts).
 */
export const UNLIMITED_EDGE = {
  EDGE_CONNECTIONS_PER_ADDRESS: '60000',
  EDGE_API_REQUESTS_PER_SECOND: '1000000',
  EDGE_API_BURST: '1000000',
};

/** A port nothing listens on right now. @returns {Promise<number>} */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {net.AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/** @param {import('node:child_process').ChildProcess} child @returns {() => Promise<void>} */
const stopper = (child) => async () => {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
};

/** One API process (api/bench/throughput-server.ts); resolves once it listens.
 *  @param {Record<string, string>} env @param {string} logLevel
 *  @returns {Promise<Child & { url: string, port: number }>} */
export async function startApi(env, logLevel) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/throughput-server.ts'], {
    cwd: path.join(repoRoot, 'api'),
    env: { ...process.env, BENCH_LOG_LEVEL: logLevel, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise((resolve, reject) => {
    child.stdout.once('data', (chunk) => resolve(Number(String(chunk).trim())));
    child.once('exit', (code) => reject(new Error(`a bench API process exited (${code})`)));
  });
  return { pid: child.pid, port, url: `http://127.0.0.1:${port}`, stop: stopper(child) };
}

/**
 * An edge in front of the API processes at `apiPorts`: nginx on its production configuration
 * (spreading requests over them), or the local gateway (one process only), each logging as it
 * does in use, on its own process.
 * @param {'nginx' | 'gateway'} kind @param {number[]} apiPorts
 * @returns {Promise<Child & { url: string, kind: 'nginx' | 'gateway', processes: number }>}
 */
export async function startEdge(kind, apiPorts) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  if (kind === 'gateway') {
    if (apiPorts.length !== 1) throw new Error('the local gateway stands in front of one API');
    const child = spawn(process.execPath, [path.join(repoRoot, 'infra/gateway/main.mjs')], {
      env: {
        ...process.env,
        ...UNLIMITED_EDGE,
        API_URL: `http://127.0.0.1:${apiPorts[0]}`,
        PORT: String(port),
        HOST: '127.0.0.1',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await waitForHttp(`${url}/api/health`, 30_000);
    return { kind, processes: 1, pid: child.pid, url, stop: stopper(child) };
  }
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-nginx-'));
  const nginx = await startNginx({
    port,
    listen: `127.0.0.1:${port}`,
    upstreams: apiPorts.map((apiPort) => `127.0.0.1:${apiPort}`),
    runDir,
    remotesFile: path.join(repoRoot, 'infra/remotes/production.json'),
    accessLog: path.join(runDir, 'access.log'),
    errorLog: path.join(runDir, 'error.log'),
    env: { ...process.env, ...UNLIMITED_EDGE },
  });
  await waitForHttp(`${url}/api/health`, 30_000);
  return {
    kind,
    processes: apiPorts.length,
    pid: nginx.pid,
    url,
    stop: async () => {
      await nginx.stop();
      fs.rmSync(runDir, { recursive: true, force: true });
    },
  };
}

/** With DATABASE_URL, a fresh database on that server. */
export async function scratchDatabase() {
  const base = /** @type {string} */ (process.env.DATABASE_URL);
  const pg = createRequire(path.join(repoRoot, 'api/package.json'))('pg');
  const name = `lending_bench_throughput_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}"`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

/** utime + stime of one process, ms. @param {number | string} pid */
function ownCpuMs(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** CPU time (ms) a process and its children (nginx's workers) have used so far, from /proc; 0
 *  where there is no /proc. @param {number | undefined} pid */
export function cpuMsOf(pid) {
  if (pid === undefined) return 0;
  let total = ownCpuMs(pid);
  let entries = [];
  try {
    entries = fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return total;
  }
  for (const entry of entries) {
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === pid) total += ownCpuMs(entry);
    } catch {
      // Gone meanwhile.
    }
  }
  return total;
}

/** Busy and total CPU time of the whole machine so far (ms, every core). */
export function machineCpu() {
  let busy = 0;
  let total = 0;
  for (const { times } of os.cpus()) {
    const all = times.user + times.nice + times.sys + times.irq + times.idle;
    total += all;
    busy += all - times.idle;
  }
  return { busy, total };
}
