// The back office's payout queue and the collection letters name the borrower as the loan's
// documents do (borrowerName of shared/domain): a company or partnership by its registered name,
// a sole proprietor as the person trading as the business; never by the first name of the
// person who signed up. The letters' salutations may still greet that person.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { COLLECTION_PATHS, DISBURSEMENT_PATHS } from '@lending/contracts';
import { addDays, addMonths, type OrganizationType } from '@lending/domain';
import { and, eq } from 'drizzle-orm';

import * as t from '../../db/schema';
import { fixedClock } from '../../kernel/clock';
import { agreementAt, approvedApplicant, paidOut } from '../../testing/agreements';
import { type Caller, caller } from '../../testing/auth-helpers';
import { staffMember } from '../../testing/decisions';
import { databases, openTestApp, type TestApp } from '../../testing/test-db';

/** A PDF's text as a reader copies it, on one line per run of whitespace. */
function textOf(pdf: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'letter-'));
  const file = path.join(dir, 'letter.pdf');
  fs.writeFileSync(file, pdf);
  try {
    return execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' }).replace(
      /\s+/g,
      ' ',
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const CASES: { type: OrganizationType; company: string; person: string }[] = [
  { type: 'COMPANY', company: 'Xelvora Dagang Sdn Bhd', person: 'Farid Osman' },
  { type: 'PARTNERSHIP', company: 'Brindle Dan Rakan', person: 'Tan Mei Ling' },
  { type: 'SOLE_PROP', company: 'Wirana Jahitan', person: 'Rosnah Ali' },
];

describe.each(databases())('the payout queue and the letters name the borrower (%s)', (kind) => {
  const started = new Date();
  const clock = fixedClock(started);
  let app: TestApp;
  let call: Caller;
  beforeAll(async () => {
    app = await openTestApp(kind, { clock });
    call = caller(app.app);
    await app.app.jobs.runDue();
  }, 60_000);
  afterAll(() => app.close());
  const db = () => app.db.orm;
  const on = (date: string) => clock.set(`${date}T12:00:00+08:00`);
  // Each case's loan falls due on the same dates as the last one's: the daily run is asked for
  // again rather than left to the job that already ran that day.
  const runDaily = async () => {
    await app.app.jobs.runDue();
    await app.app.collections.runDaily();
  };

  it.each(CASES)('$type', async ({ type, company, person }) => {
    clock.set(started);
    const suffix = ` ${process.pid}`;
    const companyName = company + suffix;
    const applicantName = person + suffix;
    const name = type === 'SOLE_PROP' ? `${applicantName} t/a ${companyName}` : companyName;
    const officer = await staffMember(db(), call, ['CREDIT_OFFICER']);
    const approver = await staffMember(db(), call, ['APPROVER']);
    const approved = await approvedApplicant(db(), call, {});
    const [application] = await db()
      .select()
      .from(t.applications)
      .where(eq(t.applications.id, approved.applicationId));
    await db()
      .update(t.organizations)
      .set({ organizationType: type, companyName, applicantName })
      .where(eq(t.organizations.id, application!.organizationId));
    const [user] = await db()
      .select()
      .from(t.users)
      .where(eq(t.users.id, approved.applicant.userId));
    const firstName = user!.firstName;
    const agreement = await agreementAt(db(), approved, 'PENDING_DISBURSEMENT');

    // The payout queue and one payout's page.
    const queue = await call('GET', DISBURSEMENT_PATHS.queue, { token: officer.token });
    expect(queue.status).toBe(200);
    expect(queue.body.items).toContainEqual(
      expect.objectContaining({ agreementId: agreement.id, borrowerName: name }),
    );
    const detail = await call('GET', DISBURSEMENT_PATHS.detail(agreement.id), {
      token: officer.token,
    });
    expect(detail.body.borrowerName).toBe(name);

    const { firstDueDate } = await paidOut(db(), call, agreement, { officer, approver });
    const due = (n: number) => addMonths(firstDueDate, n - 1);
    // Sessions of a month ago are gone: each reading is by someone signed in that day.
    const letterText = async (kind: 'ARREARS' | 'DEFAULT') => {
      const reader = await staffMember(db(), call, ['CREDIT_OFFICER']);
      const [letter] = await db()
        .select()
        .from(t.collectionLetters)
        .where(
          and(
            eq(t.collectionLetters.agreementId, agreement.id),
            eq(t.collectionLetters.kind, kind),
          ),
        );
      const pdf = await app.app.inject({
        method: 'GET',
        url: COLLECTION_PATHS.staffLetter(letter!.id),
        headers: { authorization: `Bearer ${reader.token}` },
      });
      expect(pdf.statusCode).toBe(200);
      return textOf(pdf.rawPayload);
    };

    // The arrears notice, and the collections list and account page.
    on(addDays(due(1), 1));
    await runDaily();
    const arrears = await letterText('ARREARS');
    expect(arrears).toContain(name);
    expect(arrears).not.toContain(firstName);
    const staff = await staffMember(db(), call, ['CREDIT_OFFICER']);
    const list = await call('GET', COLLECTION_PATHS.accounts, { token: staff.token });
    expect(list.body.items).toContainEqual(
      expect.objectContaining({ agreementId: agreement.id, borrowerName: name }),
    );
    const account = await call('GET', COLLECTION_PATHS.account(agreement.id), {
      token: staff.token,
    });
    expect(account.body.borrowerName).toBe(name);

    // The default notice, once more than 28 days are in default.
    on(addDays(due(2), 1));
    await runDaily();
    on(addDays(due(2), 2));
    const issuer = await staffMember(db(), call, ['CREDIT_OFFICER']);
    const issued = await call('POST', COLLECTION_PATHS.defaultNotice(agreement.id), {
      token: issuer.token,
      body: { warningDays: 14 },
    });
    expect(issued.status).toBe(200);
    const notice = await letterText('DEFAULT');
    expect(notice).toContain(name);
    expect(notice).not.toContain(firstName);
  });
});
