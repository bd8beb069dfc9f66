// `pnpm --filter @lending/api bench:queue`: the staff queue with 10,000 applications, on the
// embedded database and (with DATABASE_URL) on PostgreSQL, in a scratch database `bench_queue`
// dropped afterwards. For each kind of request: p50 and p95 over HTTP as one member of staff
// sees them (one request at a time), token check and JSON included. Goal: p95 at most 100 ms.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { httpRequest, load } from './load-client';
import type { QueueSample } from './queue-seed';

const here = path.dirname(fileURLToPath(import.meta.url));
const SECONDS = Number(process.env.BENCH_QUEUE_SECONDS ?? 4);
const ROWS = Number(process.env.QUEUE_ROWS ?? 10_000);
const GOAL_MS = 100;

async function scratchDatabase(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const base = process.env.DATABASE_URL;
  if (!base) return null;
  const { default: pg } = await import('pg');
  const name = 'bench_queue';
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

interface Ready {
  port: number;
  token: string;
  sample: QueueSample;
  seedSeconds: number;
}

async function startServer(databaseUrl: string): Promise<Ready & { stop: () => void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'queue-server.ts')], {
    cwd: path.join(here, '..'),
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, DATABASE_URL: databaseUrl, QUEUE_ROWS: String(ROWS) },
  });
  const ready = await new Promise<Ready>((resolve, reject) => {
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const line = text.split('\n')[0];
      if (text.includes('\n') && line) resolve(JSON.parse(line) as Ready);
    });
    child.once('exit', (code) => reject(new Error(`queue bench server exited (${code})`)));
  });
  return { ...ready, stop: () => child.kill('SIGTERM') };
}

/** The requests a queue screen makes, by what they ask of the database. */
function scenarios(sample: QueueSample): [string, string][] {
  const name = encodeURIComponent(sample.companyWord.toLowerCase());
  const nric = `${sample.identityCard.slice(0, 6)}-${sample.identityCard.slice(6, 8)}-${sample.identityCard.slice(8)}`;
  return [
    ['list: first page, newest first', ''],
    ['list: page 40, by amount', 'sortBy=requestedAmount&order=desc&page=40'],
    ['list: by company name, 100 a page', 'sortBy=companyName&order=asc&pageSize=100'],
    ['filter: PENDING and KIV', 'status=PENDING&status=KIV'],
    [
      'filter: companies, RM20k-50k, 2 months',
      `organizationType=COMPANY&amountMinSen=2000000&amountMaxSen=5000000&submittedFrom=${monthsAgo(2)}&submittedTo=${monthsAgo(0)}`,
    ],
    ['filter: mine, by status', 'officer=me&sortBy=status&order=asc'],
    ['filter: unassigned PENDING', 'officer=none&status=PENDING'],
    ['search: company name word', `q=${name}`],
    ['search: reference number', `q=${sample.referenceNo}`],
    ['search: business registration no.', `q=${sample.businessRegistrationNo}`],
    ['search: NRIC', `q=${nric}`],
  ];
}

function monthsAgo(months: number): string {
  const date = new Date();
  date.setUTCMonth(date.getUTCMonth() - months);
  return date.toISOString().slice(0, 10);
}

async function measure(databaseName: string, databaseUrl: string) {
  const server = await startServer(databaseUrl);
  try {
    console.log(
      `\nQueue of ${ROWS.toLocaleString('en')} applications (${databaseName}; seeded in ` +
        `${server.seedSeconds.toFixed(1)} s), one request at a time, ${SECONDS} s each`,
    );
    let missed = 0;
    for (const [label, query] of scenarios(server.sample)) {
      const request = httpRequest('GET', `/api/admin/applications${query ? `?${query}` : ''}`, {
        token: server.token,
      });
      // Statements prepared and the JIT warm: the first calls are not what a person waits for.
      await load(server.port, 1, 0.5, () => request);
      const result = await load(server.port, 1, SECONDS, () => request);
      const ok = result.p95 <= GOAL_MS;
      if (!ok) missed += 1;
      console.log(
        `  ${label.padEnd(42)} p50 ${result.p50.toFixed(1).padStart(6)} ms  ` +
          `p95 ${result.p95.toFixed(1).padStart(6)} ms  ${ok ? 'ok' : 'MISSED'}  (${result.count} calls)`,
      );
    }
    console.log(`  goal: p95 at most ${GOAL_MS} ms; ${missed ? `${missed} missed` : 'all met'}`);
    // On a shared machine the figures follow its load: printed so a run can be judged.
    const [one] = os.loadavg();
    console.log(
      `  load average ${one!.toFixed(1)} on ${os.availableParallelism()} cores at the end`,
    );
  } finally {
    server.stop();
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

await measure('embedded PGlite', '');
const scratch = await scratchDatabase();
if (scratch) {
  try {
    await measure('PostgreSQL', scratch.url);
  } finally {
    await scratch.drop();
  }
} else {
  console.log('\n(PostgreSQL figures: set DATABASE_URL)');
}
