// An S3-compatible server for the suites: s3rver keeps the objects in a temp folder and answers
// on a free loopback port. Nothing to install, so the S3 suites always run. It runs as a child
// process started with OpenSSL's legacy provider: s3rver seals its listing continuation tokens
// with DES, which Node 17 and later refuse otherwise (every listing longer than a page fails).
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { S3Settings } from '../kernel/config';
import { repoRoot } from '../kernel/config';

export interface TestS3 {
  settings: S3Settings;
  /** The same bucket as an API process reads it from its environment. */
  env: Record<string, string>;
  /** Stops the server and removes its folder. */
  close(): Promise<void>;
}

// s3rver's own well-known keys: it checks every request's signature against them.
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

// Prints the port once listening; stops when its standard input closes (the suite ended, or died).
const SERVER = `
const S3rver = require('s3rver');
const [directory, bucket] = process.argv.slice(1);
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory,
  configureBuckets: [{ name: bucket }] });
server.run().then(({ port }) => process.stdout.write(JSON.stringify({ port }) + '\\n'));
process.stdin.on('end', () => server.close().then(() => process.exit(0)));
process.stdin.resume();
`;

async function portOf(child: ChildProcess): Promise<number> {
  let output = '';
  let errors = '';
  child.stderr!.on('data', (data: Buffer) => (errors += data.toString('utf8')));
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (data: Buffer) => {
      output += data.toString('utf8');
      const line = output.split('\n')[0];
      if (output.includes('\n') && line) resolve((JSON.parse(line) as { port: number }).port);
    });
    child.once('exit', (code) => reject(new Error(`the S3 server stopped (${code}): ${errors}`)));
  });
}

export async function startTestS3(): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'lending-s3-'));
  const bucket = `documents-${randomBytes(4).toString('hex')}`;
  const child = spawn(
    process.execPath,
    ['--openssl-legacy-provider', '-e', SERVER, directory, bucket],
    {
      cwd: path.join(repoRoot, 'api'),
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH ?? '' },
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await portOf(child);
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    settings: {
      bucket,
      region: 'us-east-1',
      endpoint,
      accessKeyId: ACCESS_KEY_ID,
      secretAccessKey: SECRET_ACCESS_KEY,
      forcePathStyle: true,
    },
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
    },
    async close() {
      child.stdin!.end();
      await exited;
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
