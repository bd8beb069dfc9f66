import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  type Locator,
  type Page,
} from '@playwright/test';

import { LEGAL_TEXT_VERSION } from '../../shared/contracts/src/legal';
import {
  type Language,
  newCodeFor,
  newPerson,
  outboxIds,
  pdfFile,
  type Person,
  seededPostcode,
  type UploadFile,
} from './onboarding-support';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

type Tree = { [key: string]: string | Tree };

/**
 * The words staff and applicants see in the screens of underwriting, read from the product's own
 * translation files (as `wordsOf` does for onboarding): a missing key fails the test.
 */
export function underwritingWords(language: Language) {
  const folder = language === 'MS' ? 'ms' : 'en';
  const files: Record<string, string> = {
    decisions: `mf-admin/src/locales/${folder}/admin-decisions.json`,
    caseFile: `mf-admin/src/locales/${folder}/admin-case-file.json`,
    queue: `mf-admin/src/locales/${folder}/admin-queue.json`,
    loanStatus: `mf-loan-status/src/locales/${folder}/mf-loan-status.json`,
    psychometric: `mf-onboarding/src/locales/${folder}/onboarding-psychometric.json`,
    application: `mf-onboarding/src/locales/${folder}/onboarding-application.json`,
    shell: `shell/src/locales/${folder}/shell.json`,
    attestation: `mf-admin/src/locales/${folder}/admin-attestation.json`,
  };
  const cache = new Map<string, Tree>();
  const tree = (name: string): Tree => {
    const file = files[name];
    if (!file) throw new Error(`no translation file named ${name}`);
    if (!cache.has(name)) {
      cache.set(name, JSON.parse(fs.readFileSync(path.join(repoRoot, file), 'utf8')) as Tree);
    }
    return cache.get(name)!;
  };
  return (key: string, values: Record<string, string | number> = {}): string => {
    const [name, ...parts] = key.split('.');
    let node: string | Tree | undefined = tree(name!);
    for (const part of parts) node = typeof node === 'object' ? node[part] : undefined;
    if (typeof node !== 'string') throw new Error(`no ${language} text for ${key}`);
    return node.replace(/\{\{(\w+)\}\}/g, (_, value: string) => String(values[value] ?? ''));
  };
}

export type UnderwritingWords = ReturnType<typeof underwritingWords>;

// ---- An applicant with a submitted application, made through the API ---------------------------

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  if (!response.ok()) {
    throw new Error(`${response.url()} answered ${response.status()}: ${await response.text()}`);
  }
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

interface MasterRow {
  id: number;
  code: string;
  needsOtherText?: boolean;
}

/** The first row of a seeded list a person could pick without typing anything else. */
async function firstChoice(request: APIRequestContext, url: string): Promise<number> {
  const body = await ok<MasterRow[] | { data: MasterRow[] }>(await request.get(url));
  const rows = Array.isArray(body) ? body : body.data;
  const row = rows.find((item) => !item.needsOtherText);
  if (!row) throw new Error(`${url} offers nothing to choose`);
  return row.id;
}

interface RequiredFile {
  fileType: string;
  isRequired: boolean;
  requiredFileCount: number;
  acceptedTypes: string[];
}

let pictures = 0;

/** A real PNG: signature, header, one data chunk and the end chunk; each one's bytes differ. */
function pngFile(name: string): UploadFile {
  pictures += 1;
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type, 'ascii'), data, Buffer.alloc(4)]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(pictures, 0);
  header.writeUInt32BE(1, 4);
  header.writeUInt8(8, 8);
  header.writeUInt8(2, 9);
  const stamp = Buffer.from(`${Date.now()}-${pictures}`);
  return {
    name,
    mimeType: 'image/png',
    buffer: Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', stamp),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  };
}

/** A director who guarantees a company's loan and signs from their own link. */
export interface Director {
  name: string;
  identityCardNo: string;
  phoneNo: string;
  email: string;
}

export interface SubmittedApplicant {
  person: Person;
  language: Language;
  applicationId: string;
  referenceNo: string;
}

/**
 * A sole proprietor (or a company with its director) who registered, verified their email, filled every part of the form,
 * uploaded the documents and submitted, all through the same API the onboarding screens call.
 * The screens themselves are covered by the onboarding journeys; here the application is only
 * the starting point of underwriting.
 */
export async function submitThroughApi(
  request: APIRequestContext,
  {
    language,
    amountSen,
    organizationType = 'SOLE_PROP',
    director,
  }: {
    language: Language;
    amountSen: number;
    organizationType?: 'SOLE_PROP' | 'COMPANY';
    /** A company names at least one director, who guarantees its loan. */
    director?: Director;
  },
): Promise<SubmittedApplicant> {
  const person = newPerson(organizationType);
  const { postcode } = seededPostcode();
  const { token: captchaToken } = await ok<{ token: string }>(
    await request.post('/arkcash/api/v1.0/sandbox/captcha/solve'),
  );
  const { accessToken } = await ok<{ accessToken: string }>(
    await request.post('/api/onboarding/register', {
      data: {
        organizationType,
        companyName: person.companyName,
        newBusinessRegistrationNo: person.brn,
        businessContactCountryCode: '+60',
        businessContactNo: person.businessPhone.typed,
        establishedDate: '2018-03-15',
        natureOfBusinessId: await firstChoice(request, '/api/natureOfBusiness?pageSize=100'),
        businessAuthorizedPostcode: postcode,
        applicantName: person.name,
        applicantIdentityCardType: 'MYKAD',
        applicantIdentityCardNo: person.nric,
        applicantRaceId: await firstChoice(request, '/api/race'),
        applicantContactCountryCode: '+60',
        applicantContactNo: person.phone.typed,
        applicantEmail: person.email,
        password: person.password,
        passwordConfirmation: person.password,
        termsAccepted: true,
        consentTextVersion: LEGAL_TEXT_VERSION,
        acceptMarketingConsent: false,
        language,
        captchaToken,
      },
    }),
  );
  const headers = { authorization: `Bearer ${accessToken}` };

  // The email code, read from the sandbox outbox as the person reads their mailbox.
  const seen = await outboxIds(request, person.email);
  await ok(await request.post('/api/verification/email/send', { headers }));
  const code = await newCodeFor(request, person.email, seen);
  await ok(await request.post('/api/verification/email/verify', { headers, data: { code } }));

  const created = await ok<{ id: string; referenceNo: string }>(
    await request.post('/api/application', {
      headers,
      data: {
        requestedAmountSen: amountSen,
        tenureMonths: 12,
        loanReasonId: await firstChoice(request, '/api/loanReason'),
      },
    }),
  );
  const applicationId = created.id;
  const address = { line1: 'No. 12, Jalan Ujian 3/4', postcode };
  const bankId = await firstChoice(request, '/api/bank');
  const sections: [string, object][] = [
    [
      '/api/application/companyDetails',
      {
        companyName: person.companyName,
        newBusinessRegistrationNo: person.brn,
        natureOfBusinessId: await firstChoice(request, '/api/natureOfBusiness?pageSize=100'),
        businessContactNo: person.businessPhone.e164,
        establishedDate: '2018-03-15',
        companyEmail: `accounts.${person.email}`,
        businessAuthorisedAddress: address,
        registeredSsmAddress: address,
        mailingAddress: address,
      },
    ],
    [
      '/api/application/applicantDetails',
      {
        name: person.name,
        identityCardType: 'MYKAD',
        identityCardNo: person.nric,
        raceId: await firstChoice(request, '/api/race'),
        nationalityId: await firstChoice(request, '/api/nationality'),
        contactNo: person.phone.e164,
        personalEmail: person.personalEmail,
        nricAddress: address,
        homeAddress: address,
        mailingAddress: address,
        personalBankId: bankId,
        personalBankAccountNo: '7012345678',
        acceptMarketingConsent: false,
      },
    ],
    [
      '/api/application/disbursementDetails',
      { bankId, accountName: person.companyName, accountNumber: '3198765432' },
    ],
    [
      '/api/application/emergencyContactDetails',
      {
        contacts: [
          {
            name: 'Ahmad bin Ujian',
            relationshipId: await firstChoice(request, '/api/relationship'),
            contactNo: '+60129876543',
            email: `spouse.${person.personalEmail}`,
          },
        ],
      },
    ],
  ];
  if (director) {
    sections.push([
      '/api/application/directorDetails',
      {
        people: [
          {
            role: 'DIRECTOR',
            name: director.name,
            identityCardType: 'MYKAD',
            identityCardNo: director.identityCardNo,
            contactNo: director.phoneNo,
            personalEmail: director.email,
          },
        ],
      },
    ]);
  }
  for (const [url, body] of sections) {
    await ok(await request.post(url, { headers, data: { applicationId, ...body } }));
  }

  const rules = await ok<RequiredFile[]>(
    await request.get(`/api/file/getRequiredFileListByOrganization/${organizationType}`),
  );
  for (const rule of rules.filter((one) => one.isRequired)) {
    for (let n = 1; n <= rule.requiredFileCount; n += 1) {
      const name = `${rule.fileType.toLowerCase()}-${n}`;
      const file = rule.acceptedTypes.includes('application/pdf')
        ? pdfFile(`${name}.pdf`, `${name} ${person.brn}`)
        : pngFile(`${name}.png`);
      await ok(
        await request.post('/arkcash/api/v1.0/file', {
          headers,
          multipart: { applicationId, fileType: rule.fileType, file },
        }),
      );
    }
  }
  await ok(await request.patch(`/api/application/${applicationId}/pending`, { headers }));
  await identityVerifiedThroughApi(request, headers, applicationId, person.nric);
  return { person, language, applicationId, referenceNo: created.referenceNo };
}

/**
 * The applicant's identity check on the sandbox provider, as the phone's capture page posts it,
 * then confirmed: an application is approved only with a passed eKYC on file.
 */
async function identityVerifiedThroughApi(
  request: APIRequestContext,
  headers: Record<string, string>,
  applicationId: string,
  identityCardNo: string,
) {
  const started = await ok<{ sessionId: string; captureUrl: string }>(
    await request.post('/api/ekyc/start', { headers, data: { applicationId, language: 'EN' } }),
  );
  const captured = await ok<{ verdict: string }>(
    await request.post(new URL(started.captureUrl).pathname, {
      headers: { accept: 'application/json' },
      multipart: {
        consent: 'yes',
        identityCardNo,
        idFront: pngFile('id-front.png'),
        idBack: pngFile('id-back.png'),
        selfie: pngFile('selfie.png'),
      },
    }),
  );
  expect(captured.verdict).toBe('PASSED');
  await ok(await request.post(`/api/ekyc/${started.sessionId}/confirm`, { headers }));
}

// ---- Each person in their own browser ----------------------------------------------------------

/** A browser context of its own (cookies, storage), as a second person on another computer. */
export async function personOn(
  browser: Browser,
  viewport: { width: number; height: number } = { width: 1280, height: 800 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport });
  return { context, page: await context.newPage() };
}

/** Signs an applicant in from the login dialog in their language; they land on `landing`. */
export async function signInApplicant(
  page: Page,
  w: UnderwritingWords,
  applicant: SubmittedApplicant,
  landing: RegExp = /\/home/,
) {
  await page.goto(`/?showLogin=true&language=${applicant.language}`);
  // The email sign-in form: on redcash the dialog also holds the telecom tab's form (its own
  // password) and a tab named Email.
  const emailField = { name: w('shell.login.email'), exact: true };
  const form = page
    .getByRole('dialog')
    .locator('form')
    .filter({ has: page.getByRole('textbox', emailField) });
  await form.getByRole('textbox', emailField).fill(applicant.person.email);
  await form.getByLabel(w('shell.login.password')).fill(applicant.person.password);
  await form.getByText(w('shell.captcha.notARobot')).click();
  await expect(form.getByRole('checkbox', { name: w('shell.captcha.notARobot') })).toBeChecked();
  await form.getByRole('button', { name: w('shell.login.submit'), exact: true }).click();
  await expect(page).toHaveURL(landing);
}

/** The loan status card on /home, read again from the server. */
export async function homeCard(page: Page): Promise<Locator> {
  await page.goto('/home');
  const card = page.getByTestId('loan-status-card');
  await expect(card).toBeVisible();
  return card;
}

// ---- Staff at work ---------------------------------------------------------------------------

/** The queue searched for one reference; the file's row in its table. */
export async function queueRow(page: Page, w: UnderwritingWords, referenceNo: string) {
  await page.goto('/admin/applications');
  await page.getByRole('searchbox', { name: w('queue.search.label') }).fill(referenceNo);
  await page
    .getByRole('search', { name: w('queue.search.label') })
    .getByRole('button', { name: w('queue.search.submit'), exact: true })
    .click();
  const link = page.getByRole('link', { name: referenceNo, exact: true });
  const row = page.getByRole('row').filter({ has: link });
  await expect(row).toHaveCount(1);
  return row;
}

/** From the queue: finds the file by its reference, takes it, and opens it. */
export async function takeFromQueue(page: Page, w: UnderwritingWords, referenceNo: string) {
  const row = await queueRow(page, w, referenceNo);
  await row
    .getByRole('button', { name: w('queue.take.takeLabel', { reference: referenceNo }) })
    .click();
  await expect(page.getByText(w('queue.take.taken', { reference: referenceNo }))).toBeVisible();
  await row.getByRole('link', { name: referenceNo, exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/applications\/[0-9a-f-]+$/);
}

/** The file's status as its header shows it. */
export function fileStatus(page: Page): Locator {
  return page.getByTestId('case-header');
}

export async function expectFileStatus(page: Page, w: UnderwritingWords, status: string) {
  await expect(fileStatus(page)).toContainText(w(`caseFile.statuses.${status}`));
}

/** Opens a decision's form from the panel. */
export async function chooseDecision(page: Page, w: UnderwritingWords, decision: string) {
  const panel = page.getByTestId('decision-panel');
  await panel
    .getByRole('group', { name: w('decisions.choose') })
    .getByRole('button', { name: w(`decisions.decisions.${decision}`), exact: true })
    .click();
  return panel;
}

/** Confirms the decision prepared in the panel and waits for the panel to say it is done. */
export async function confirmDecision(page: Page, w: UnderwritingWords, decision: string) {
  const panel = page.getByTestId('decision-panel');
  const confirm = panel.getByTestId('decision-confirm');
  await expect(confirm).toBeFocused();
  await confirm.getByRole('button', { name: w('decisions.confirm.yes'), exact: true }).click();
  await expect(panel.getByTestId('decision-done')).toHaveText(
    w('decisions.done', { decision: w(`decisions.decisions.${decision}`) }),
  );
}

/** A decision whose form is only a note (optional or required): continue, then confirm. */
export async function decideWithNote(
  page: Page,
  w: UnderwritingWords,
  decision: string,
  note?: { label: string; text: string },
) {
  const panel = await chooseDecision(page, w, decision);
  if (note) await panel.getByLabel(note.label).fill(note.text);
  await panel.getByRole('button', { name: w('decisions.form.continue'), exact: true }).click();
  await confirmDecision(page, w, decision);
}

// ---- The psychometric test, as an applicant answers it ----------------------------------------

/** The questionnaire refuses answers given in less time than it takes to read 25 statements. */
const MINIMUM_ANSWER_MS = 60_000;

/**
 * Answers every statement as a careful person would: attention checks as they ask (the option
 * quoted in the statement), the rest mostly in the middle of the scale, one differently so the
 * answers are not all the same. Returns when the server started timing the attempt.
 */
export async function answerPsychometricTest(page: Page): Promise<number> {
  const questionnaire = page.waitForResponse(
    (response) => response.url().includes('/api/psychometric/questions') && response.ok(),
  );
  await page.getByTestId('psychometric-start').click();
  await expect(page).toHaveURL(/\/psychometric-test\/assessment$/);
  const { startedAt } = (await (await questionnaire).json()) as { startedAt: string };

  const questions = page.locator('fieldset[data-testid^="question-"]');
  let varied = false;
  for (;;) {
    await expect(questions.first()).toBeVisible();
    const first = await questions.first().getAttribute('data-testid');
    for (const question of await questions.all()) {
      const statement = (await question.locator('legend').textContent()) ?? '';
      const asked = /"([^"]+)"/.exec(statement)?.[1];
      const option = asked
        ? question.getByRole('radio', { name: asked, exact: true })
        : question.getByRole('radio').nth(varied ? 2 : 3);
      if (!asked) varied = true;
      await option.check();
    }
    const next = page.getByTestId('psychometric-next');
    if (!(await next.isVisible())) break;
    await next.click();
    await expect(questions.first()).not.toHaveAttribute('data-testid', first!);
  }
  await expect(page.getByTestId('psychometric-submit')).toBeEnabled();
  return Date.parse(startedAt);
}

/**
 * Submits the answers. The server refuses answers given faster than 25 statements can be read
 * (a minute from when it served them): a person still reading is what the wait stands for.
 */
export async function submitPsychometricTest(page: Page, w: UnderwritingWords, startedAt: number) {
  const stillReading = startedAt + MINIMUM_ANSWER_MS + 1_000 - Date.now();
  if (stillReading > 0) await page.waitForTimeout(stillReading);
  await page.getByTestId('psychometric-submit').click();
  await expect(page.getByTestId('psychometric-result')).toContainText(
    w('psychometric.result.valid'),
  );
}
