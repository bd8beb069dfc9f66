// @ts-check
// Throughput through the edge (nginx on its production configuration), as users reach the API:
// 100 connections for 20 s reading the signed-in user (`GET user/me`) and saving a form (the
// company details section of a draft application), each connection a different applicant; p50,
// p99, requests per second and errors, with one API process and with two behind nginx. On
// PostgreSQL (DATABASE_URL, a fresh database made on that server and dropped after; Redis through
// REDIS_URL with a key prefix of the run's own, as replicas share it) and on the embedded default
// (PGlite: one process only, since two cannot share one PGlite folder). On the embedded default,
// nginx is also measured against the local gateway (`npm start`'s) in the same run: a page and
// `GET user/me`. Figures, not pass/fail: the goals are printed beside them, with what each
// process spent of the machine's CPU to say what limits the ratio.
//
// `node infra/bin/throughput.mjs`, or as the last part of `npm run bench`. BENCH_CONNECTIONS,
// BENCH_THROUGHPUT_SECONDS, BENCH_THROUGHPUT_WARM_UP_SECONDS, BENCH_THROUGHPUT_ROUNDS (one and two
// processes measured in turn this many times; more on a busy machine) and BENCH_LOG_LEVEL (the
// API's log level, default info) change it.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import autocannon from 'autocannon';

import { repoRoot } from './lib.mjs';
import {
  cpuMsOf,
  machineCpu,
  scratchDatabase,
  startApi,
  startEdge,
} from './throughput-processes.mjs';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const SECONDS = Number(process.env.BENCH_THROUGHPUT_SECONDS ?? 20);
const WARM_UP_SECONDS = Number(process.env.BENCH_THROUGHPUT_WARM_UP_SECONDS ?? 3);
const ROUNDS = Math.max(1, Number(process.env.BENCH_THROUGHPUT_ROUNDS ?? 1));
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
const GOALS = { readP99Ms: 50, writeP99Ms: 200 };
/** The terms version a registration accepts, read from the one place that names it. */
const LEGAL_TEXT_VERSION = /LEGAL_TEXT_VERSION = '([^']+)'/.exec(
  fs.readFileSync(path.join(repoRoot, 'shared/contracts/src/legal.ts'), 'utf8'),
)?.[1];

const PATHS = {
  solve: '/arkcash/api/v1.0/sandbox/captcha/solve',
  register: '/api/onboarding/register',
  loanReasons: '/api/loanReason',
  createApplication: '/api/application',
  userMe: '/arkcash/api/v1.0/user/me',
  companyDetails: '/api/application/companyDetails',
  /** The landing page, rendered at build time, as a browser asks for it. */
  page: '/',
};

/** @typedef {{ token: string, body: string }} Applicant */
/** @typedef {import('./throughput-processes.mjs').Child} Child */

/** @param {string} base @param {string} method @param {string} url @param {{ token?: string, body?: unknown }} [options] */
async function call(base, method, url, options = {}) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  const json = text ? JSON.parse(text) : null;
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text}`);
  return json;
}

/**
 * Signs up `count` applicants through the gateway, each with a company and a draft application,
 * and prepares the company details form each one saves.
 * @param {string} base @param {number} count @returns {Promise<Applicant[]>}
 */
async function signUpApplicants(base, count) {
  /** @type {{ id: number, needsOtherText?: boolean }[]} */
  const reasons = await call(base, 'GET', PATHS.loanReasons);
  const loanReasonId = reasons.find((reason) => !reason.needsOtherText)?.id;
  /** @type {Applicant[]} */
  const applicants = [];
  const one = async (/** @type {number} */ n) => {
    const suffix = String(n).padStart(6, '0');
    const brn = `201901${suffix}`;
    const { token: captchaToken } = await call(base, 'POST', PATHS.solve);
    const registered = await call(base, 'POST', PATHS.register, {
      body: {
        organizationType: 'COMPANY',
        companyName: `Kedai Runcit Ujian ${n} Sdn Bhd`,
        newBusinessRegistrationNo: brn,
        businessContactCountryCode: '+60',
        businessContactNo: `03${suffix.slice(-4)}1234`,
        establishedDate: '2019-03-01',
        natureOfBusinessId: 1,
        businessAuthorizedPostcode: '80000',
        applicantName: 'Nur Aisyah',
        applicantIdentityCardType: 'MYKAD',
        applicantIdentityCardNo: '900101-14-5678',
        applicantRaceId: 1,
        applicantContactCountryCode: '+60',
        applicantContactNo: `012${suffix}0`,
        applicantEmail: `bench.${suffix}@example.com`,
        password: 'correct horse battery',
        passwordConfirmation: 'correct horse battery',
        termsAccepted: true,
        consentTextVersion: LEGAL_TEXT_VERSION,
        acceptMarketingConsent: false,
        language: 'EN',
        captchaToken,
      },
    });
    const token = /** @type {string} */ (registered.accessToken);
    const application = await call(base, 'POST', PATHS.createApplication, {
      token,
      body: { requestedAmountSen: 1_000_000, tenureMonths: 12, loanReasonId },
    });
    const address = { line1: '12 Jalan Bunga', postcode: '80000' };
    const body = JSON.stringify({
      applicationId: application.id,
      companyName: `Kedai Runcit Ujian ${n} Sdn Bhd`,
      newBusinessRegistrationNo: brn,
      natureOfBusinessId: 1,
      businessContactNo: '+60321234567',
      establishedDate: '2019-03-01',
      companyEmail: `hello.${suffix}@kedai.example.com`,
      businessAuthorisedAddress: address,
      registeredSsmAddress: address,
      mailingAddress: address,
    });
    applicants.push({ token, body });
  };
  // A few at a time: each sign-up hashes a password, which is what a small machine is slow at.
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < count) await one(next++);
    }),
  );
  return applicants;
}

/**
 * `connections` connections, each an applicant of its own, sending `what` for `seconds`.
 * @param {string} base
 * @param {Applicant[]} applicants
 * @param {'read' | 'save' | 'page'} what
 * @param {number} seconds
 * @param {{ gateway: Child, apis: Child[] }} processes
 */
async function load(base, applicants, what, seconds, processes) {
  let assigned = 0;
  // Requests the last run left queued in the processes are finished first, not counted here.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const before = {
    machine: machineCpu(),
    gateway: cpuMsOf(processes.gateway.pid),
    apis: processes.apis.map((api) => cpuMsOf(api.pid)),
    self: process.cpuUsage(),
  };
  const started = performance.now();
  const result = await autocannon({
    url: `${base}${{ read: PATHS.userMe, save: PATHS.companyDetails, page: PATHS.page }[what]}`,
    method: what === 'save' ? 'POST' : 'GET',
    connections: CONNECTIONS,
    duration: seconds,
    setupClient: (client) => {
      const applicant = /** @type {Applicant} */ (applicants[assigned++ % applicants.length]);
      const authorization = `Bearer ${applicant.token}`;
      if (what === 'page')
        client.setHeaders({ accept: 'text/html', 'accept-encoding': 'br, gzip' });
      else if (what === 'read') client.setHeaders({ authorization });
      else
        client.setHeadersAndBody(
          { authorization, 'content-type': 'application/json' },
          applicant.body,
        );
    },
  });
  const wallMs = performance.now() - started;
  const machine = machineCpu();
  const self = process.cpuUsage(before.self);
  const share = (/** @type {number} */ ms) => (ms / wallMs) * 100;
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    perSecond: result.requests.average,
    // Connection errors (timeouts among them) and answers other than 2xx, by status.
    errors: result.errors + result.non2xx,
    errorKinds: [
      ...(result.timeouts ? [`${result.timeouts} timed out`] : []),
      ...(result.errors > result.timeouts
        ? [`${result.errors - result.timeouts} connection errors`]
        : []),
      ...Object.entries(result.statusCodeStats)
        .filter(([status]) => !status.startsWith('2'))
        .map(([status, { count }]) => `${count} answered ${status}`),
    ],
    cpu: {
      machine:
        ((machine.busy - before.machine.busy) / (machine.total - before.machine.total)) * 100,
      gateway: share(cpuMsOf(processes.gateway.pid) - before.gateway),
      apis: processes.apis.map((api, i) => share(cpuMsOf(api.pid) - (before.apis[i] ?? 0))),
      loadGenerator: share((self.user + self.system) / 1000),
    },
  };
}

/** @typedef {Awaited<ReturnType<typeof load>>} Figures */

/**
 * The API processes on one database and nginx for each topology measured: in front of the
 * first process alone, and (with two processes) in front of both. Both topologies stay up and are
 * measured in turn, round after round, so a neighbour's load on a shared machine falls on both
 * alike; the second process, idle while the first alone is measured, costs nothing then. With
 * `compareEdges`, the local gateway stands in front of the first process too, and nginx and it
 * are measured in turn on a page and on `GET user/me`.
 * @param {{ processes: 1 | 2, postgres: boolean, compareEdges?: boolean }} setup
 * @param {(topology: { processes: number, figures: { read: Figures, save: Figures } }, round: number) => void} report
 * @param {(edge: 'nginx' | 'gateway', figures: { page: Figures, read: Figures }, round: number) => void} [reportEdge]
 */
async function runTopologies(setup, report, reportEdge) {
  const database = setup.postgres ? await scratchDatabase() : null;
  const env = {
    DATABASE_URL: database?.url ?? '',
    REDIS_URL: (setup.postgres && process.env.REDIS_URL) || '',
    REDIS_KEY_PREFIX: `bench-${process.pid}-${randomBytes(4).toString('hex')}:`,
    JWT_SECRET: randomBytes(32).toString('hex'),
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  };
  /** @type {(Child & { url: string, port: number })[]} */
  const apis = [];
  /** @type {Awaited<ReturnType<typeof startEdge>>[]} */
  const gateways = [];
  /** @type {Awaited<ReturnType<typeof startEdge>> | undefined} */
  let localGateway;
  try {
    // One after the other: each migrates (the second finds nothing left to do).
    for (let i = 0; i < setup.processes; i++) apis.push(await startApi(env, LOG_LEVEL));
    for (let serving = 1; serving <= setup.processes; serving++) {
      gateways.push(
        await startEdge(
          'nginx',
          apis.slice(0, serving).map((api) => api.port),
        ),
      );
    }
    if (setup.compareEdges) localGateway = await startEdge('gateway', [apis[0]?.port ?? 0]);
    const applicants = await signUpApplicants(
      /** @type {string} */ (gateways[0]?.url),
      CONNECTIONS,
    );
    // Until the JIT has compiled the paths and every statement is prepared: not counted.
    for (const gateway of gateways) {
      for (const what of /** @type {const} */ (['read', 'save'])) {
        await load(gateway.url, applicants, what, WARM_UP_SECONDS, { gateway, apis });
      }
    }
    for (let round = 0; round < ROUNDS; round++) {
      // Every other round the other topology goes first, so a drift in the machine's load
      // does not always favour the same one.
      const order = round % 2 === 0 ? gateways : [...gateways].reverse();
      for (const gateway of order) {
        const read = await load(gateway.url, applicants, 'read', SECONDS, { gateway, apis });
        const save = await load(gateway.url, applicants, 'save', SECONDS, { gateway, apis });
        report({ processes: gateway.processes, figures: { read, save } }, round);
      }
    }
    const nginx = gateways[0];
    if (localGateway && nginx && reportEdge) {
      const edges = [nginx, localGateway];
      for (const edge of edges) {
        await load(edge.url, applicants, 'page', WARM_UP_SECONDS, { gateway: edge, apis });
      }
      for (let round = 0; round < ROUNDS; round++) {
        for (const edge of round % 2 === 0 ? edges : [...edges].reverse()) {
          const page = await load(edge.url, applicants, 'page', SECONDS, { gateway: edge, apis });
          const read = await load(edge.url, applicants, 'read', SECONDS, { gateway: edge, apis });
          reportEdge(edge.kind, { page, read }, round);
        }
      }
    }
  } finally {
    await localGateway?.stop();
    for (const gateway of gateways) await gateway.stop();
    await Promise.all(apis.map((api) => api.stop()));
    await database?.drop();
  }
}

const ms = (/** @type {number} */ value) => `${value.toFixed(0).padStart(4)} ms`;

/** @param {string} name @param {Figures} figures @param {number} goalMs */
function printFigures(name, figures, goalMs) {
  console.log(
    `    ${name.padEnd(16)} p50 ${ms(figures.p50)}  p99 ${ms(figures.p99)} (goal ≤ ${goalMs} ms)  ` +
      `${figures.perSecond.toFixed(0).padStart(5)} req/s  errors ${figures.errors}` +
      (figures.errorKinds.length > 0 ? ` (${figures.errorKinds.join(', ')})` : ''),
  );
  const { cpu } = figures;
  const apis = cpu.apis.map((share) => `${share.toFixed(0)}%`).join(' + ');
  console.log(
    `    ${''.padEnd(16)} CPU: machine ${cpu.machine.toFixed(0)}% busy; of one core: ` +
      `edge ${cpu.gateway.toFixed(0)}%, API ${apis}, load generator ${cpu.loadGenerator.toFixed(0)}%`,
  );
}

/** Two processes' figures over one process's. @param {Figures} one @param {Figures} two */
function ratioOf(one, two) {
  return {
    perSecond: two.perSecond / one.perSecond,
    p50: two.p50 / one.p50,
    p99: two.p99 / one.p99,
  };
}

/** @param {ReturnType<typeof ratioOf>} ratio */
function describeRatio(ratio) {
  const times = (/** @type {number} */ value) => `${value.toFixed(2)}x`;
  return `${times(ratio.perSecond)} req/s, p50 ${times(ratio.p50)}, p99 ${times(ratio.p99)}`;
}

/** What bounds a second process's gain here, from what each process spent of the cores.
 *  @param {Figures} two */
function limitOf(two) {
  const cores = os.availableParallelism();
  const { cpu } = two;
  const apis = cpu.apis.reduce((sum, share) => sum + share, 0);
  const rest = Math.max(
    0,
    (cpu.machine / 100) * cores * 100 - cpu.gateway - apis - cpu.loadGenerator,
  );
  return (
    `    on ${cores} cores, with two API processes the machine was ${cpu.machine.toFixed(0)}% busy: ` +
    `the APIs took ${apis.toFixed(0)}% of one core together, nginx (every request through it) ` +
    `${cpu.gateway.toFixed(0)}%, the load generator ${cpu.loadGenerator.toFixed(0)}%, ` +
    `PostgreSQL, Redis and any other work on the machine ${rest.toFixed(0)}%. A second process adds no core: ` +
    `it can only use what the first one left idle.`
  );
}

/**
 * nginx against the local gateway, round by round, and the ratio of their requests per second.
 * @param {Record<'nginx' | 'gateway', { page: Figures, read: Figures }[]>} rounds
 */
function printEdges(rounds) {
  console.log(
    `\n  The edge: nginx (production) against the local gateway (npm start), one API process, ` +
      `${CONNECTIONS} connections, in turn in the same run (per-address ceilings lifted)`,
  );
  for (const [what, name] of /** @type {const} */ ([
    ['page', 'page'],
    ['read', 'user/me'],
  ])) {
    rounds.nginx.forEach((nginx, round) => {
      const gateway = rounds.gateway[round];
      if (!gateway) return;
      printFigures(`${name}, nginx`, nginx[what], what === 'page' ? 50 : GOALS.readP99Ms);
      printFigures(`${name}, gateway`, gateway[what], what === 'page' ? 50 : GOALS.readP99Ms);
      console.log(
        `    ${''.padEnd(16)} nginx/gateway: ${(nginx[what].perSecond / gateway[what].perSecond).toFixed(2)}x req/s, ` +
          `p99 ${(nginx[what].p99 / gateway[what].p99).toFixed(2)}x`,
      );
    });
  }
}

export async function benchThroughput() {
  const postgres = Boolean(process.env.DATABASE_URL);
  console.log(
    `Throughput through the edge (nginx): ${CONNECTIONS} connections (one applicant each), ` +
      `${SECONDS} s per figure after ${WARM_UP_SECONDS} s of warm-up, ${ROUNDS} round(s), ` +
      `API log level ${LOG_LEVEL}, ${os.availableParallelism()} cores`,
  );
  const processesName = (/** @type {number} */ n) => `${n} API process${n > 1 ? 'es' : ''}`;

  console.log('\n  embedded PGlite (two processes cannot share one PGlite folder: one only)');
  /** @type {Record<'nginx' | 'gateway', { page: Figures, read: Figures }[]>} */
  const edgeRounds = { nginx: [], gateway: [] };
  await runTopologies(
    { processes: 1, postgres: false, compareEdges: true },
    ({ processes, figures }, round) => {
      console.log(`   ${processesName(processes)}, round ${round + 1}`);
      printFigures('GET user/me', figures.read, GOALS.readP99Ms);
      printFigures('save a section', figures.save, GOALS.writeP99Ms);
    },
    (edge, figures) => edgeRounds[edge].push(figures),
  );
  printEdges(edgeRounds);

  if (!postgres) {
    console.log(
      '\n  PostgreSQL: not run (set DATABASE_URL, and REDIS_URL, to measure one and two API processes)',
    );
    return;
  }
  const redis = process.env.REDIS_URL ? ' and Redis' : '';
  console.log(`\n  PostgreSQL${redis}, one and two API processes on one database, in turn`);
  /** @type {{ read: Figures, save: Figures }[][]} */
  const rounds = Array.from({ length: ROUNDS }, () => []);
  await runTopologies({ processes: 2, postgres: true }, ({ processes, figures }, round) => {
    console.log(`   ${processesName(processes)}, round ${round + 1}`);
    printFigures('GET user/me', figures.read, GOALS.readP99Ms);
    printFigures('save a section', figures.save, GOALS.writeP99Ms);
    /** @type {{ read: Figures, save: Figures }[]} */ (rounds[round])[processes - 1] = figures;
  });

  console.log('\n  two API processes against one (PostgreSQL), requests per second and latency');
  const median = (/** @type {number[]} */ values) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = sorted.length / 2;
    return Number.isInteger(middle)
      ? ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
      : (sorted[Math.floor(middle)] ?? 0);
  };
  for (const what of /** @type {const} */ (['read', 'save'])) {
    const ratios = rounds.map(([one, two]) =>
      ratioOf(/** @type {Figures} */ (one?.[what]), /** @type {Figures} */ (two?.[what])),
    );
    const name = what === 'read' ? 'GET user/me' : 'save a section';
    console.log(
      `    ${name.padEnd(16)} ${ratios.map(describeRatio).join('; ')}` +
        (ratios.length > 1
          ? ` (median: ${describeRatio({
              perSecond: median(ratios.map((r) => r.perSecond)),
              p50: median(ratios.map((r) => r.p50)),
              p99: median(ratios.map((r) => r.p99)),
            })})`
          : ''),
    );
  }
  const last = /** @type {{ read: Figures, save: Figures }[]} */ (rounds[ROUNDS - 1]);
  console.log(limitOf(/** @type {Figures} */ (last[1]?.read)));
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) await benchThroughput();
