// Upload bench: time to upload a 10 MB bank statement, and the API process's peak resident
// memory while taking 1 MB and 10 MB uploads (the server holds at most one file of the largest
// allowed size per upload, so the peak should grow by about that much, not by a multiple).
// Runs the API in a child process of its own (`--serve`) so its memory is measured alone.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(import.meta.url);
const MB = 1024 * 1024;
const ROUNDS = Number(process.env.BENCH_UPLOAD_ROUNDS ?? 5);

async function serve(): Promise<void> {
  const { buildApp } = await import('../src/app');
  const { openDatabase } = await import('../src/db/database');
  const { migrate } = await import('../src/db/migrate');
  const { seedMasterData } = await import('../src/db/seed');
  const { access } = await import('../src/http/access');
  const { applications, organizations } = await import('../src/db/schema');
  const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: 'memory://' });
  await migrate(db);
  await seedMasterData(db);
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-files-'));
  const app = await buildApp({ db, logLevel: 'silent', filesDir });
  let peak = 0;
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage().rss);
  };
  setInterval(sample, 2).unref();
  app.post('/bench/peak/reset', { config: { access: access.public } }, async () => {
    global.gc?.();
    peak = process.memoryUsage().rss;
    return { rss: peak };
  });
  app.get('/bench/peak', { config: { access: access.public } }, async () => {
    sample();
    return { peak };
  });
  app.post<{ Body: { userId: string } }>(
    '/bench/application',
    { config: { access: access.public } },
    async (request) => {
      const [organization] = await db.orm
        .insert(organizations)
        .values({
          tenant: 'arkcash',
          userId: request.body.userId,
          organizationType: 'SOLE_PROP',
          companyName: 'Bench Trading',
          newBusinessRegistrationNo: '202403000001',
          applicantName: 'Bench',
          applicantEmail: 'bench@example.com',
        })
        .returning();
      const [application] = await db.orm
        .insert(applications)
        .values({
          tenant: 'arkcash',
          userId: request.body.userId,
          organizationId: organization!.id,
          referenceNo: 'BENCH-1',
          status: 'DRAFT',
        })
        .returning();
      return { applicationId: application!.id };
    },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  process.stdout.write(`${typeof address === 'object' && address ? address.port : 0}\n`);
  process.on('SIGTERM', () => {
    void app
      .close()
      .then(() => db.close())
      .then(() => {
        fs.rmSync(filesDir, { recursive: true, force: true });
        process.exit(0);
      });
  });
}

function request(
  port: number,
  method: string,
  url: string,
  options: { json?: unknown; body?: Buffer; contentType?: string; token?: string } = {},
): Promise<{ status: number; json: () => Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const body =
      options.body ??
      (options.json === undefined ? undefined : Buffer.from(JSON.stringify(options.json)));
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        headers: {
          ...(body
            ? {
                'content-type': options.contentType ?? 'application/json',
                'content-length': body.length,
              }
            : {}),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, json: () => JSON.parse(text) });
        });
      },
    );
    req.on('error', reject);
    if (body) req.write(body);
    req.end();
  });
}

function statement(size: number, round: number): Buffer {
  const head = Buffer.from(`%PDF-1.4\n% bench ${round} ${size}\n`);
  const end = Buffer.from('%%EOF\n');
  return Buffer.concat([head, Buffer.alloc(size - head.length - end.length, 0x20), end]);
}

function multipart(applicationId: string, content: Buffer) {
  const boundary = '----lendingbench';
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: Buffer.concat([
      Buffer.from(field('applicationId', applicationId) + field('fileType', 'BANK_STATEMENT')),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="statement.pdf"\r\n` +
          'Content-Type: application/pdf\r\n\r\n',
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

async function bench(): Promise<void> {
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', here, '--serve'], {
    cwd: path.join(path.dirname(here), '..'),
    stdio: ['ignore', 'pipe', 'inherit'],
    env: process.env,
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
    child.once('exit', (code) => reject(new Error(`upload bench server exited (${code})`)));
  });
  try {
    const captcha = (await request(port, 'POST', '/arkcash/api/v1.0/sandbox/captcha/solve')).json();
    const registered = await request(port, 'POST', '/api/auth/register', {
      json: {
        email: 'bench@example.com',
        password: 'correct horse battery staple',
        firstName: 'Bench',
        phoneNo: '+60123456789',
        language: 'EN',
        acceptMarketingConsent: false,
        captchaToken: captcha.token,
      },
    });
    if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
    const session = registered.json() as { accessToken: string; userDetails: { id: string } };
    const { applicationId } = (
      await request(port, 'POST', '/bench/application', {
        json: { userId: session.userDetails.id },
      })
    ).json() as { applicationId: string };

    async function round(size: number) {
      await request(port, 'POST', '/bench/peak/reset', { json: {} });
      const baseline = (await request(port, 'GET', '/bench/peak')).json().peak as number;
      const times: number[] = [];
      for (let n = 0; n < ROUNDS; n += 1) {
        const { body, contentType } = multipart(applicationId, statement(size, n));
        const started = performance.now();
        const uploaded = await request(port, 'POST', '/arkcash/api/v1.0/file', {
          body,
          contentType,
          token: session.accessToken,
        });
        times.push(performance.now() - started);
        if (uploaded.status !== 201) throw new Error(`upload answered ${uploaded.status}`);
        // One statement per application: delete it so the next round may upload again.
        await request(port, 'DELETE', `/api/file/${uploaded.json().id as string}`, {
          token: session.accessToken,
        });
      }
      const peak = (await request(port, 'GET', '/bench/peak')).json().peak as number;
      times.sort((a, b) => a - b);
      return { baseline, peak, median: times[Math.floor(times.length / 2)]! };
    }

    const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;
    const one = await round(1 * MB);
    const ten = await round(10 * MB);
    console.log(`Upload bench: ${ROUNDS} uploads each, loopback, API in its own process`);
    console.log(`  10 MB statement upload (median)   ${ten.median.toFixed(0)} ms`);
    console.log(`  1 MB statement upload (median)    ${one.median.toFixed(0)} ms`);
    console.log(
      `  API peak RSS, 1 MB uploads        ${mb(one.peak)} (+${mb(one.peak - one.baseline)} over idle)`,
    );
    console.log(
      `  API peak RSS, 10 MB uploads       ${mb(ten.peak)} (+${mb(ten.peak - ten.baseline)} over idle)`,
    );
  } finally {
    child.kill('SIGTERM');
  }
}

if (process.argv.includes('--serve')) await serve();
else await bench();
