import fs from 'node:fs';
import path from 'node:path';

import type { APIRequestContext } from '@playwright/test';

let counter = 0;

/** A person who does not exist yet, unique in this run. */
export function newApplicant(language: 'EN' | 'MS' = 'EN') {
  counter += 1;
  const stamp = `${Date.now().toString(36)}${counter}`;
  return {
    email: `e2e.${stamp}@example.com`,
    password: `e2e password ${stamp}`,
    firstName: `Aina${counter}`,
    phoneNo: `+6019${String(Date.now() + counter).slice(-7)}`,
    language,
    acceptMarketingConsent: false,
  };
}

export type Applicant = ReturnType<typeof newApplicant>;

/** Opens an account through the API (ticking the sandbox bot check as a person would). */
export async function registerThroughApi(request: APIRequestContext, person = newApplicant()) {
  const solve = await request.post('/arkcash/api/v1.0/sandbox/captcha/solve');
  const { token } = (await solve.json()) as { token: string };
  const response = await request.post('/api/auth/register', {
    data: { ...person, captchaToken: token },
  });
  if (response.status() !== 201) {
    throw new Error(`register answered ${response.status()}: ${await response.text()}`);
  }
  return person;
}

/** The newest link in the newest email the sandbox outbox holds for the address. */
export async function latestLinkFor(request: APIRequestContext, email: string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const response = await request.get(
      `/arkcash/api/v1.0/sandbox/outbox?to=${encodeURIComponent(email)}`,
    );
    const messages = (await response.json()) as { links: string[] }[];
    const link = messages[0]?.links[0];
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no email for ${email}`);
}

/** The first staff admin the platform created for this run (see serve.mjs). */
export function staffAdmin(): { email: string; password: string } {
  const serverDir = process.env.E2E_SERVER_DIR;
  if (!serverDir) throw new Error('E2E_SERVER_DIR is not set');
  return JSON.parse(fs.readFileSync(path.join(serverDir, 'staff-admin.json'), 'utf8'));
}
