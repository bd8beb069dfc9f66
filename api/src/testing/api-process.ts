// The real API as a child process, for the tests that need what only a process shows: a kill in
// the middle of work, several processes sharing one deployment's state.
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { HEALTH_PATH } from '@lending/contracts';

import { repoRoot } from '../kernel/config';

export interface ApiProcess {
  child: ChildProcess;
  /** What the process printed, one line each (its log is one JSON object a line). */
  lines: string[];
  exited: Promise<void>;
  base: string;
}

/** A port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts the API from its sources (never a bundle that may be older than they are) on `port`
 *  with only the environment given, and resolves once it answers its health check. */
export async function startApiProcess(
  port: number,
  env: Record<string, string>,
): Promise<ApiProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(repoRoot, 'api'),
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      API_PORT: String(port),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let pending = '';
  const collect = (data: Buffer) => {
    pending += data.toString('utf8');
    const parts = pending.split('\n');
    pending = parts.pop() ?? '';
    lines.push(...parts);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`the API exited at start:\n${lines.slice(-20).join('\n')}`);
    }
    try {
      if ((await fetch(`${base}${HEALTH_PATH}`)).ok) return { child, lines, exited, base };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`the API did not start:\n${lines.slice(-20).join('\n')}`);
}

/** Ends a started API with `signal` (SIGKILL: as a crash would) and waits until it is gone. */
export async function stopApiProcess(
  api: ApiProcess | undefined,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<void> {
  if (!api || api.child.exitCode !== null) return;
  api.child.kill(signal);
  await api.exited;
}
