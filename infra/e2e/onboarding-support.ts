import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

import { LEGAL_TEXT_VERSION } from '../../shared/contracts/src/legal';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type Language = 'EN' | 'MS';
export type OrganizationType = 'SOLE_PROP' | 'PARTNERSHIP' | 'COMPANY';

type Tree = { [key: string]: string | Tree };

function readJson<T>(relative: string): T {
  return JSON.parse(fs.readFileSync(path.join(repoRoot, relative), 'utf8')) as T;
}

/**
 * The words a person sees, read from the product's own translation files: the tests follow the
 * wording the product ships in each language, and fail when a key is missing.
 */
export function wordsOf(language: Language) {
  const folder = language === 'MS' ? 'ms' : 'en';
  const namespaces: Record<string, Tree> = {};
  for (const [name, file] of [
    ['registration', `mf-onboarding/src/locales/${folder}/onboarding-registration.json`],
    ['application', `mf-onboarding/src/locales/${folder}/onboarding-application.json`],
    ['documents', `mf-onboarding/src/locales/${folder}/onboarding-documents.json`],
    ['identity', `mf-onboarding/src/locales/${folder}/onboarding-identity.json`],
    ['screens', `mf-onboarding/src/locales/${folder}/mf-onboarding.json`],
    ['shell', `shell/src/locales/${folder}/shell.json`],
  ] as const) {
    namespaces[name] = readJson<Tree>(file);
  }
  return (key: string, values: Record<string, string | number> = {}): string => {
    const [namespace, ...parts] = key.split('.');
    let node: string | Tree | undefined = namespaces[namespace!];
    for (const part of parts) node = typeof node === 'object' ? node[part] : undefined;
    if (typeof node !== 'string') throw new Error(`no ${language} text for ${key}`);
    return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
  };
}

export type Words = ReturnType<typeof wordsOf>;

interface Seeded {
  name: string;
  nameMs?: string | null;
}

/** How a drop-down shows one row of a master list (seeded in api/seeds) in the language. */
export function seedLabel(list: string, name: string, language: Language): string {
  const row = readJson<Seeded[]>(`api/seeds/${list}.json`).find((item) => item.name === name);
  if (!row) throw new Error(`${name} is not in api/seeds/${list}.json`);
  return language === 'MS' && row.nameMs ? row.nameMs : row.name;
}

/** A postcode the seeded places know, with its city. */
export function seededPostcode(): { postcode: string; city: string } {
  const states =
    readJson<{ cities: { name: string; postcodes: string[] }[] }[]>('api/seeds/places.json');
  const city = states.flatMap((state) => state.cities).find((c) => c.postcodes.length > 0)!;
  return { postcode: city.postcodes[0]!, city: city.name };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A field by its whole label, whose required marker (a trailing `*`) is part of its name. */
export function field(scope: Page | Locator, label: string): Locator {
  return scope.getByLabel(new RegExp(`^${escapeRegExp(label)}\\s*\\*?$`));
}

// Numbers unique within a run (each run starts on a fresh database) and across the tests of one.
let serial = Number(String(Date.now()).slice(-5));
const next = () => (serial += 1);

const ENTITY_CODE: Record<OrganizationType, string> = {
  SOLE_PROP: '03',
  PARTNERSHIP: '04',
  COMPANY: '01',
};

/** YYYY TT NNNNNN with the entity code of the organization type. */
export function businessRegistrationNo(type: OrganizationType): string {
  return `2018${ENTITY_CODE[type]}${String(next()).padStart(6, '0').slice(-6)}`;
}

/** YYMMDD PB ###G: born 1985-1995 (aged 30 to 41), place code 01-14, a unique serial. */
export function nric(gender: 'MALE' | 'FEMALE' = 'FEMALE'): string {
  const n = next();
  const year = String(85 + (n % 11)).padStart(2, '0');
  const month = String(1 + (n % 12)).padStart(2, '0');
  const day = String(1 + (n % 28)).padStart(2, '0');
  const place = String(1 + (n % 14)).padStart(2, '0');
  const serialDigits = String(n % 1000).padStart(3, '0');
  const last = gender === 'FEMALE' ? (n % 5) * 2 : (n % 5) * 2 + 1;
  return `${year}${month}${day}${place}${serialDigits}${last}`;
}

/** A Malaysian mobile number: as typed (national, leading 0) and as stored (E.164). */
export function mobile(): { typed: string; e164: string } {
  const national = `19${String(next()).padStart(7, '0').slice(-7)}`;
  return { typed: `0${national}`, e164: `+60${national}` };
}

export interface Person {
  organizationType: OrganizationType;
  companyName: string;
  brn: string;
  businessPhone: ReturnType<typeof mobile>;
  name: string;
  nric: string;
  phone: ReturnType<typeof mobile>;
  email: string;
  personalEmail: string;
  password: string;
}

export function newPerson(organizationType: OrganizationType): Person {
  const tag = `${Date.now().toString(36)}${next()}`;
  return {
    organizationType,
    companyName: `Kedai Ujian ${tag} Enterprise`,
    brn: businessRegistrationNo(organizationType),
    businessPhone: mobile(),
    name: `Nur Aina binti Ujian ${tag}`,
    nric: nric(),
    phone: mobile(),
    email: `onboarding.${tag}@example.com`,
    personalEmail: `aina.${tag}@example.net`,
    password: `e2e password ${tag}`,
  };
}

// ---- Files the tests upload --------------------------------------------------------------------

export interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A small valid PDF; the label makes its bytes (and so its hash) differ from every other's. */
export function pdfFile(name: string, label = name): UploadFile {
  const text = `BT /F1 12 Tf 72 720 Td (${label.replace(/[()\\]/g, '')} ${Date.now()}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(body, 'latin1') };
}

/** A valid PDF of `bytes` bytes (spaces before its end), as a scan of that size would be. */
export function pdfOfSize(name: string, bytes: number): UploadFile {
  const small = pdfFile(name).buffer;
  const end = small.lastIndexOf('%%EOF');
  const padding = Buffer.alloc(Math.max(0, bytes - small.length), 0x20);
  return {
    name,
    mimeType: 'application/pdf',
    buffer: Buffer.concat([small.subarray(0, end), padding, small.subarray(end)]),
  };
}

/** A PDF just over the 10 MB statement limit. */
export function oversizePdf(name: string): UploadFile {
  const small = pdfFile(name).buffer;
  const padding = Buffer.alloc(10 * 1024 * 1024 + 64 * 1024, 0x25);
  return { name, mimeType: 'application/pdf', buffer: Buffer.concat([small, padding]) };
}

/** Plain text given a .pdf name: the browser calls it a PDF, its bytes say otherwise. */
export function textRenamedPdf(name: string): UploadFile {
  return {
    name,
    mimeType: 'application/pdf',
    buffer: Buffer.from(`Not a PDF at all, only words typed at ${Date.now()}.\n`, 'utf8'),
  };
}

/** Real PNG or JPEG pictures, drawn by the browser's canvas, each a different colour and text. */
export async function pictures(
  page: Page,
  count: number,
  kind: 'png' | 'jpeg',
  prefix: string,
): Promise<UploadFile[]> {
  const encoded = await page.evaluate(
    ({ count, kind, prefix }) =>
      Array.from({ length: count }, (_, index) => {
        const canvas = document.createElement('canvas');
        canvas.width = 64;
        canvas.height = 48;
        const context = canvas.getContext('2d')!;
        context.fillStyle = `hsl(${(index * 67) % 360} 70% 50%)`;
        context.fillRect(0, 0, 64, 48);
        context.fillStyle = '#fff';
        context.fillText(`${prefix}${index}`, 4, 26);
        return canvas.toDataURL(`image/${kind}`).split(',')[1]!;
      }),
    { count, kind, prefix: `${prefix}${Date.now() % 100000}` },
  );
  const extension = kind === 'png' ? 'png' : 'jpg';
  return encoded.map((base64, index) => ({
    name: `${prefix}-${index + 1}.${extension}`,
    mimeType: `image/${kind}`,
    buffer: Buffer.from(base64, 'base64'),
  }));
}

// ---- Messages the sandbox outbox holds ---------------------------------------------------------

interface OutboxMessage {
  id: string;
  channel: 'email' | 'sms';
  body: string;
}

async function outboxFor(request: APIRequestContext, to: string): Promise<OutboxMessage[]> {
  const response = await request.get(
    `/arkcash/api/v1.0/sandbox/outbox?to=${encodeURIComponent(to)}`,
  );
  expect(response.ok()).toBe(true);
  return (await response.json()) as OutboxMessage[];
}

/** Ids of what the outbox holds for the address now, so a later code is recognised as new. */
export async function outboxIds(request: APIRequestContext, to: string): Promise<Set<string>> {
  return new Set((await outboxFor(request, to)).map((message) => message.id));
}

/** The 6-digit code of the newest message sent to the address after `seen`. */
export async function newCodeFor(
  request: APIRequestContext,
  to: string,
  seen: Set<string>,
): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const fresh = (await outboxFor(request, to)).find((message) => !seen.has(message.id));
        code = fresh ? /\b(\d{6})\b/.exec(fresh.body)?.[1] : undefined;
        return code;
      },
      { message: `a code sent to ${to}`, timeout: 10_000 },
    )
    .toMatch(/^\d{6}$/);
  return code!;
}

// ---- Steps of the journey ----------------------------------------------------------------------

/** The landing page in the language, then "Apply now". */
export async function applyFromLanding(page: Page, w: Words, language: Language) {
  await page.goto(`/?language=${language}`);
  await page.getByRole('link', { name: w('shell.landing.applyNow') }).click();
  await expect(page).toHaveURL(/\/registration$/);
  await expect(
    page.getByRole('heading', { name: w('registration.registration.title') }),
  ).toBeVisible();
}

export async function fillRegistration(page: Page, w: Words, language: Language, person: Person) {
  const r = (key: string) => w(`registration.labels.${key}`);
  await field(page, r('organizationType')).selectOption({
    label: w(`registration.organizationTypeOptions.${person.organizationType}`),
  });
  await field(page, r('companyName')).fill(person.companyName);
  await field(page, r('newBusinessRegistrationNo')).fill(person.brn);
  await field(page, r('businessContactNo')).fill(person.businessPhone.typed);
  await field(page, r('establishedDate')).fill('2018-03-15');
  await field(page, r('natureOfBusinessId')).selectOption({
    label: seedLabel('nature-of-business', 'Agriculture', language),
  });
  const { postcode, city } = seededPostcode();
  await field(page, r('businessAuthorizedPostcode')).fill(postcode);
  await expect(field(page, r('city'))).toHaveValue(city);

  await field(page, r('applicantName')).fill(person.name);
  await field(page, r('nric')).fill(person.nric);
  // The NRIC tells the birth date, gender and age at once.
  await expect(page.getByTestId('nric-derived')).toContainText(
    `${w('registration.derived.gender')}: ${w('registration.genders.FEMALE')}`,
  );
  await field(page, r('applicantRaceId')).selectOption({
    label: seedLabel('race', 'Malay', language),
  });
  await field(page, r('applicantContactNo')).fill(person.phone.typed);
  await field(page, r('applicantEmail')).fill(person.email);
  await field(page, r('password')).fill(person.password);
  await field(page, r('passwordConfirmation')).fill(person.password);

  // The label holds links to the texts it accepts: tick the box itself, not the middle of it.
  const terms = page.getByRole('checkbox', { name: w('registration.registration.termsLead') });
  await terms.focus();
  await page.keyboard.press('Space');
  await expect(terms).toBeChecked();
  await page.getByText(w('registration.captcha.notARobot')).click();
  await expect(
    page.getByRole('checkbox', { name: w('registration.captcha.notARobot') }),
  ).toBeChecked();
  await page
    .getByRole('button', { name: w('registration.registration.submit'), exact: true })
    .click();
  await expect(page).toHaveURL(/\/registration\/verification$/);
}

async function verifyChannel(page: Page, w: Words, request: APIRequestContext, to: string) {
  const seen = await outboxIds(request, to);
  await page
    .getByRole('button', { name: w('registration.verification.send'), exact: true })
    .first()
    .click();
  const code = await newCodeFor(request, to, seen);
  await expect(page.getByRole('status').filter({ hasText: /\*\*\*/ })).toBeVisible();
  // A code typed into the first box fills all six, as a pasted or auto-filled one does.
  await page.getByLabel(w('registration.verification.digit', { index: 1 })).fill(code);
  await expect(page.getByLabel(w('registration.verification.digit', { index: 6 }))).toHaveValue(
    code[5]!,
  );
  await page
    .getByRole('button', { name: w('registration.verification.verify'), exact: true })
    .click();
}

/** Both codes, read from the sandbox outbox as the person would read their mailbox and phone. */
export async function verifyEmailAndMobile(
  page: Page,
  w: Words,
  request: APIRequestContext,
  person: Person,
) {
  const verified = page.getByText(w('registration.verification.verified'), { exact: true });
  await verifyChannel(page, w, request, person.email);
  await expect(verified).toHaveCount(1);
  await verifyChannel(page, w, request, person.phone.e164);
  await expect(verified).toHaveCount(2);
  await page.getByRole('button', { name: w('registration.verification.continue') }).click();
  await expect(page).toHaveURL(/\/application$/);
}

export async function startApplication(page: Page, w: Words, language: Language) {
  const a = (key: string) => w(`application.labels.${key}`);
  const loan = page.getByRole('form', { name: w('application.loan.title') });
  await field(loan, a('loanAmount')).fill('20000');
  await field(loan, a('tenure')).selectOption({
    label: w('application.common.months', { count: 12 }),
  });
  await field(loan, a('loanReason')).selectOption({
    label: seedLabel('loan-reason', 'Working capital', language),
  });
  await expect(page.getByTestId('estimated-instalment')).toContainText('RM');
  await loan.getByRole('button', { name: w('application.loan.saveStart') }).click();
  await expect(loan.getByRole('button', { name: w('application.loan.saveUpdate') })).toBeVisible();
}

function sectionLabel(w: Words, section: string, type: OrganizationType) {
  return section === 'directors' && type === 'PARTNERSHIP'
    ? w('application.sections.partners')
    : w(`application.sections.${section}`);
}

/** "Start" (or "Edit") beside a part of the form on /application. */
export async function openSection(page: Page, w: Words, section: string, type: OrganizationType) {
  const label = sectionLabel(w, section, type);
  await page
    .getByRole('link', {
      name: new RegExp(
        `^(${escapeRegExp(w('application.common.start'))}|${escapeRegExp(w('application.common.edit'))}): ${escapeRegExp(label)}$`,
      ),
    })
    .click();
}

async function fillAddress(scope: Locator, w: Words) {
  const a = (key: string) => w(`application.labels.${key}`);
  const { postcode, city } = seededPostcode();
  await field(scope, a('addressLine1')).fill('No. 12, Jalan Ujian 3/4');
  await field(scope, a('postcode')).fill(postcode);
  await expect(field(scope, a('city'))).toHaveValue(city);
}

async function tick(page: Page, label: string) {
  await page.getByText(label, { exact: true }).click();
  await expect(page.getByRole('checkbox', { name: label })).toBeChecked();
}

async function saveSection(page: Page, w: Words, nextUrl: RegExp) {
  await page.getByRole('button', { name: w('application.common.save') }).click();
  await expect(page).toHaveURL(nextUrl);
}

export async function fillCompany(page: Page, w: Words, language: Language, person: Person) {
  const a = (key: string) => w(`application.labels.${key}`);
  const form = page.getByRole('form', { name: w('application.sections.company') });
  const details = form.getByRole('group', { name: w('application.sections.company') });
  await field(details, a('companyName')).fill(person.companyName);
  await field(details, a('newBusinessRegistrationNo')).fill(person.brn);
  await field(details, a('natureOfBusiness')).selectOption({
    label: seedLabel('nature-of-business', 'Agriculture', language),
  });
  await field(details, a('businessContactNo')).fill(person.businessPhone.typed);
  await field(details, a('establishedDate')).fill('2018-03-15');
  await field(details, a('companyEmail')).fill(`accounts.${person.email}`);
  await fillAddress(form.getByRole('group', { name: a('businessAuthorisedAddress') }), w);
  await tick(page, a('registeredSameAsBusiness'));
  await tick(page, a('mailingSameAsBusiness'));
  await saveSection(page, w, /\/application\/applicant-details$/);
}

export async function fillApplicant(page: Page, w: Words, language: Language, person: Person) {
  const a = (key: string) => w(`application.labels.${key}`);
  const form = page.getByRole('form', { name: w('application.sections.applicant') });
  const personal = form.getByRole('group', { name: w('application.applicant.personal') });
  await field(personal, a('applicantName')).fill(person.name);
  await field(personal, a('identityCardNo')).fill(person.nric);
  await field(personal, a('race')).selectOption({ label: seedLabel('race', 'Malay', language) });
  await field(personal, a('nationality')).selectOption({
    label: seedLabel('nationality', 'Malaysian', language),
  });
  await field(personal, a('contactNo')).fill(person.phone.typed);
  await field(personal, a('personalEmail')).fill(person.personalEmail);
  await fillAddress(form.getByRole('group', { name: a('nricAddress') }), w);
  await tick(page, a('homeSameAsNric'));
  await tick(page, a('mailingSameAsHome'));
  const employment = form.getByRole('group', { name: a('employment') });
  await field(employment, a('grossSalaryRange')).selectOption({
    label: seedLabel('gross-salary-range', 'RM3,000 to RM4,999', language),
  });
  const bank = form.getByRole('group', { name: w('application.applicant.bank') });
  await field(bank, a('personalBank')).selectOption({
    label: seedLabel('bank', 'CIMB Bank Berhad', language),
  });
  await field(bank, a('personalBankAccountNo')).fill('7012345678');
  await saveSection(page, w, /\/application\/disbursement-details$/);
}

export async function fillDisbursement(page: Page, w: Words, language: Language, person: Person) {
  const a = (key: string) => w(`application.labels.${key}`);
  const form = page.getByRole('form', { name: w('application.sections.disbursement') });
  await field(form, a('companyBank')).selectOption({
    label: seedLabel('bank', 'Public Bank Berhad', language),
  });
  await field(form, a('accountName')).fill(person.companyName);
  await field(form, a('accountNumber')).fill('3198765432');
  await saveSection(page, w, /\/application\/emergency-contact-details$/);
}

export async function fillEmergencyContact(
  page: Page,
  w: Words,
  language: Language,
  person: Person,
) {
  const a = (key: string) => w(`application.labels.${key}`);
  const form = page.getByRole('form', { name: w('application.sections.emergencyContacts') });
  const contact = form.getByRole('group', {
    name: w('application.emergency.contact', { number: 1 }),
  });
  await field(contact, a('emergencyContactName')).fill('Ahmad bin Ujian');
  await field(contact, a('relationship')).selectOption({
    label: seedLabel('relationship', 'Spouse', language),
  });
  await field(contact, a('emergencyContactNo')).fill(mobile().typed);
  await field(contact, a('emergencyContactEmail')).fill(`spouse.${person.personalEmail}`);
  await saveSection(
    page,
    w,
    person.organizationType === 'SOLE_PROP' ? /\/application$/ : /\/application\/director-details$/,
  );
}

/** Two partners for a partnership, one director for a company (the minimum each needs). */
export async function fillPeople(page: Page, w: Words, person: Person) {
  const a = (key: string) => w(`application.labels.${key}`);
  const role = person.organizationType === 'PARTNERSHIP' ? 'PARTNER' : 'DIRECTOR';
  const count = role === 'PARTNER' ? 2 : 1;
  const form = page.getByRole('form', { name: w('application.sections.directors') });
  for (let number = 1; number <= count; number += 1) {
    const group = form.getByRole('group', { name: w(`application.people.${role}`, { number }) });
    await field(group, a('personName')).fill(
      `${role === 'PARTNER' ? 'Rakan' : 'Pengarah'} ${number} ${person.name}`,
    );
    await field(group, a('identityCardNoPerson')).fill(nric(number % 2 ? 'MALE' : 'FEMALE'));
    await field(group, a('contactNo')).fill(mobile().typed);
    await field(group, a('personalEmail')).fill(`person${number}.${person.personalEmail}`);
  }
  await saveSection(page, w, /\/application$/);
}

/** Every part of the form, from /application, in the order the form asks for them. */
export async function fillApplicationForm(
  page: Page,
  w: Words,
  language: Language,
  person: Person,
) {
  await openSection(page, w, 'company', person.organizationType);
  await fillCompany(page, w, language, person);
  await fillApplicant(page, w, language, person);
  await fillDisbursement(page, w, language, person);
  await fillEmergencyContact(page, w, language, person);
  if (person.organizationType !== 'SOLE_PROP') await fillPeople(page, w, person);
  await expect(page.getByText(w('application.common.completed'), { exact: true })).toHaveCount(
    person.organizationType === 'SOLE_PROP' ? 4 : 5,
  );
}

/** The email was verified at registration: the form leads straight to the documents. */
export async function passEmailStep(page: Page, w: Words) {
  await page
    .getByRole('button', { name: w('application.application.next.uploadDocuments') })
    .click();
  await expect(page).toHaveURL(/\/application\/document-upload$/);
}

/** The documents each organization type needs, by their names in the language. */
export const DOCUMENT_NAMES = {
  SSM_DOCUMENT: { EN: 'SSM registration documents', MS: 'Dokumen pendaftaran SSM' },
  FORM_EA_OR_BE: { EN: 'Form B', MS: 'Borang B' },
  BANK_STATEMENT: { EN: 'Bank statement', MS: 'Penyata bank' },
  PREMISE_PICTURE: { EN: 'Business premise pictures', MS: 'Gambar premis perniagaan' },
} as const;

/** Where a document's name differs by organization type (whose document it is). */
const NAMES_BY_ORGANIZATION: Partial<
  Record<OrganizationType, Partial<Record<DocumentType, Record<Language, string>>>>
> = {
  PARTNERSHIP: {
    FORM_EA_OR_BE: {
      EN: "Form P or the partners' Form B",
      MS: 'Borang P atau Borang B rakan kongsi',
    },
  },
  COMPANY: { SSM_DOCUMENT: { EN: 'SSM company documents', MS: 'Dokumen syarikat SSM' } },
};

export type DocumentType = keyof typeof DOCUMENT_NAMES;

export function documentName(
  type: DocumentType,
  language: Language,
  organizationType: OrganizationType = 'SOLE_PROP',
): string {
  return (NAMES_BY_ORGANIZATION[organizationType]?.[type] ?? DOCUMENT_NAMES[type])[language];
}

export function documentBlock(
  page: Page,
  type: DocumentType,
  language: Language,
  organizationType?: OrganizationType,
): Locator {
  return page.getByRole('region', {
    name: documentName(type, language, organizationType),
    exact: true,
  });
}

export function documentPicker(
  page: Page,
  w: Words,
  type: DocumentType,
  language: Language,
  organizationType?: OrganizationType,
) {
  return page.getByLabel(
    w('documents.picker.label', { name: documentName(type, language, organizationType) }),
    { exact: true },
  );
}

export async function uploadDocuments(
  page: Page,
  w: Words,
  language: Language,
  type: OrganizationType,
) {
  // A company has no Form B of its own; the others declare their income in it (or Form P).
  const wanted: [DocumentType, UploadFile[]][] = [
    ['SSM_DOCUMENT', [pdfFile('ssm-form-d.pdf')]],
    ...(type === 'COMPANY'
      ? []
      : ([['FORM_EA_OR_BE', await pictures(page, 1, 'jpeg', 'form-be')]] as [
          DocumentType,
          UploadFile[],
        ][])),
    ['BANK_STATEMENT', [pdfFile('bank-statement-6-months.pdf')]],
    [
      'PREMISE_PICTURE',
      [
        ...(await pictures(page, 3, 'png', 'premise')),
        ...(await pictures(page, 2, 'jpeg', 'shop')),
      ],
    ],
  ];
  for (const [documentType, files] of wanted) {
    await documentPicker(page, w, documentType, language, type).setInputFiles(files);
    const block = documentBlock(page, documentType, language, type);
    await expect(block.getByText(w('documents.state.satisfied'), { exact: true })).toBeVisible();
    for (const file of files) {
      await expect(block.getByRole('button', { name: file.name, exact: true })).toBeVisible();
    }
  }
  await page.getByRole('button', { name: w('documents.continue'), exact: true }).click();
  await expect(page).toHaveURL(/\/application\/summary$/);
}

/** Ticks the acknowledgement and submits; the journey moves on to identity verification. */
export async function submitFromSummary(page: Page, w: Words, language: Language, person: Person) {
  await expect(page.getByText(person.companyName).first()).toBeVisible();
  // Documents are listed under their names in the person's language, not the type codes.
  const documents = page.getByTestId('summary-documents');
  await expect(documents).toContainText(`(${DOCUMENT_NAMES.BANK_STATEMENT[language]})`);
  await expect(documents).not.toContainText('BANK_STATEMENT');
  await expect(page.getByTestId('missing-items')).toHaveCount(0);
  await tick(page, w('application.summary.acknowledgement'));
  await page.getByRole('button', { name: w('application.summary.submit') }).click();
  await expect(page).toHaveURL(/\/application\/identity-verification$/);
}

/**
 * Identity verification as a desktop user does it: start on the computer, open the capture link
 * on a phone (a second page, 375 px wide, as the QR code would), photograph the card and a selfie,
 * then confirm on the computer. The capture page is the sandbox provider's and speaks English.
 */
export async function verifyIdentity(
  page: Page,
  w: Words,
  { typedCardNo, outcome }: { typedCardNo: string; outcome: 'PASSED' | 'FAILED' },
): Promise<void> {
  const start = page.getByTestId('ekyc-start');
  const again = page.getByRole('button', { name: w('identity.start.again') });
  await expect(start.or(again)).toBeVisible();
  await ((await start.isVisible()) ? start : again).click();
  await expect(page.getByRole('img', { name: w('identity.qr.alt') })).toBeVisible();
  await expect(page.getByTestId('ekyc-status')).toContainText(w('identity.status.waiting'));
  const captureUrl = await page.getByTestId('ekyc-capture-link').getAttribute('href');
  expect(captureUrl).toBeTruthy();

  const phone = await page.context().newPage();
  await phone.setViewportSize({ width: 375, height: 812 });
  await phone.goto(captureUrl!);
  await expect(phone.getByRole('heading', { level: 1 })).toHaveText('Identity verification');
  const [front, back, selfie] = await pictures(phone, 3, 'jpeg', 'ekyc');
  await phone.getByLabel(/I consent to the collection/).check();
  await phone.getByLabel('Identity card, front', { exact: true }).setInputFiles(front!);
  await phone.getByLabel('Identity card, back', { exact: true }).setInputFiles(back!);
  await phone.getByLabel('Selfie', { exact: true }).setInputFiles(selfie!);
  await phone.getByLabel(/identity card number/i).fill(typedCardNo);
  await phone.getByRole('button', { name: 'Submit verification' }).click();
  if (outcome === 'PASSED') {
    await expect(phone.getByRole('status')).toContainText('Verification submitted');
  } else {
    await expect(phone.getByRole('alert')).toHaveText(
      'This identity card does not match the one in your application.',
    );
    // Not a dead end: the phone says what to do next.
    await expect(phone.getByText(/press Start again for a new link/)).toBeVisible();
  }
  // The link is single-use: opening it again is refused.
  await phone.goto(captureUrl!);
  await expect(phone.getByRole('alert')).toBeVisible();
  await expect(phone.getByLabel('Selfie', { exact: true })).toHaveCount(0);
  await phone.close();

  // The computer notices on its own, without a reload.
  await expect(page.getByTestId('ekyc-status')).toContainText(
    outcome === 'PASSED' ? w('identity.status.passed') : w('identity.errors.mismatch'),
  );
  // The spent link is no longer offered.
  await expect(page.getByRole('img', { name: w('identity.qr.alt') })).toHaveCount(0);
  await expect(page.getByTestId('ekyc-capture-link')).toHaveCount(0);
}

interface ApplicationListItem {
  id: string;
  status: string;
  referenceNo: string;
}

/** The applications of the signed-in person, asked with the browser's own access token. */
export async function applicationsOf(
  page: Page,
  request: APIRequestContext,
): Promise<ApplicationListItem[]> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  expect(token).toBeTruthy();
  const payload = JSON.parse(Buffer.from(token!.split('.')[1]!, 'base64url').toString()) as {
    sub: string;
  };
  const response = await request.get(`/arkcash/api/v1.0/application/userId/${payload.sub}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as ApplicationListItem[];
}

/** Signs in from the login dialog, as a returning person does. */
export async function signInFromDialog(page: Page, email: string, password: string) {
  await page.goto('/?showLogin=true&language=EN');
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByText("I'm not a robot").click();
  await expect(dialog.getByRole('checkbox', { name: "I'm not a robot" })).toBeChecked();
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/home/);
}

async function idOf(request: APIRequestContext, url: string, code: string): Promise<number> {
  const body = (await (await request.get(url)).json()) as
    { id: number; code: string }[] | { data: { id: number; code: string }[] };
  const rows = Array.isArray(body) ? body : body.data;
  const row = rows.find((item) => item.code === code);
  if (!row) throw new Error(`${code} is not in ${url}`);
  return row.id;
}

/**
 * An account with a draft application made through the API, for tests about a later step: the
 * registration form and its codes are covered by the journeys (and each code sent counts against
 * the sending limit).
 */
export async function openDraftThroughApi(
  request: APIRequestContext,
  person: Person,
): Promise<{ accessToken: string; applicationId: string }> {
  const solve = await request.post('/arkcash/api/v1.0/sandbox/captcha/solve');
  const { token } = (await solve.json()) as { token: string };
  const registered = await request.post('/api/onboarding/register', {
    data: {
      organizationType: person.organizationType,
      companyName: person.companyName,
      newBusinessRegistrationNo: person.brn,
      businessContactCountryCode: '+60',
      businessContactNo: person.businessPhone.typed,
      establishedDate: '2018-03-15',
      natureOfBusinessId: await idOf(request, '/api/natureOfBusiness?pageSize=100', 'AGRICULTURE'),
      businessAuthorizedPostcode: seededPostcode().postcode,
      applicantName: person.name,
      applicantIdentityCardType: 'MYKAD',
      applicantIdentityCardNo: person.nric,
      applicantRaceId: await idOf(request, '/api/race', 'MALAY'),
      applicantContactCountryCode: '+60',
      applicantContactNo: person.phone.typed,
      applicantEmail: person.email,
      password: person.password,
      passwordConfirmation: person.password,
      termsAccepted: true,
      consentTextVersion: LEGAL_TEXT_VERSION,
      acceptMarketingConsent: false,
      language: 'EN',
      captchaToken: token,
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const { accessToken } = (await registered.json()) as { accessToken: string };
  const started = await request.post('/api/application', {
    headers: { authorization: `Bearer ${accessToken}` },
    data: {
      requestedAmountSen: 2_000_000,
      tenureMonths: 12,
      loanReasonId: await idOf(request, '/api/loanReason', 'WORKING_CAPITAL'),
    },
  });
  expect(started.status(), await started.text()).toBe(201);
  const { id } = (await started.json()) as { id: string };
  return { accessToken, applicationId: id };
}
