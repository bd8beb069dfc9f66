// One loan's documents name its borrower alike, by the rule of shared/domain (borrowerName): a
// company or partnership by its registered name, a sole proprietor as the person trading as the
// business. The agreement, Lampiran A, the iDeal return, the statement, the receipt and the
// discharge letter are read for one loan of each type, and the staff search finds each loan by
// the business's name and by the person's.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { REGULATOR_PATHS, STATEMENT_PATHS, type TenantId } from '@lending/contracts';
import { malaysiaDate, type OrganizationType } from '@lending/domain';
import { eq } from 'drizzle-orm';

import * as t from '../../db/schema';
import { fixedClock } from '../../kernel/clock';
import { agreementAt, approvedApplicant, paidOut } from '../../testing/agreements';
import { type Caller, caller } from '../../testing/auth-helpers';
import { staffMember } from '../../testing/decisions';
import { databases, openTestApp, type TestApp } from '../../testing/test-db';

/** A PDF's text as a reader copies it, on one line per run of whitespace. */
function textOf(pdf: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'borrower-'));
  const file = path.join(dir, 'document.pdf');
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
  { type: 'COMPANY', company: 'Zentrix Niaga Sdn Bhd', person: 'Hafiz Rahman' },
  { type: 'PARTNERSHIP', company: 'Qorvan Dan Rakan', person: 'Lim Wei Jie' },
  { type: 'SOLE_PROP', company: 'Yuzra Katering', person: 'Nurul Izzati' },
];

describe.each(databases())('the borrower has one name on every document (%s)', (kind) => {
  const clock = fixedClock(new Date());
  let app: TestApp;
  let call: Caller;
  beforeAll(async () => {
    app = await openTestApp(kind, { clock });
    call = caller(app.app);
  }, 60_000);
  afterAll(() => app.close());
  const db = () => app.db.orm;

  it.each(CASES)('$type', async ({ type, company, person }) => {
    // Unique per run: the search must find this loan, not one left by another case.
    const suffix = ` ${process.pid}`;
    const companyName = company + suffix;
    const applicantName = person + suffix;
    const name = type === 'SOLE_PROP' ? `${applicantName} t/a ${companyName}` : companyName;
    const officer = await staffMember(db(), call, ['CREDIT_OFFICER']);
    const approver = await staffMember(db(), call, ['APPROVER']);
    const service = await staffMember(db(), call, ['CUSTOMER_SERVICE']);
    const approved = await approvedApplicant(db(), call, {});
    const [application] = await db()
      .select()
      .from(t.applications)
      .where(eq(t.applications.id, approved.applicationId));
    await db()
      .update(t.organizations)
      .set({ organizationType: type, companyName, applicantName })
      .where(eq(t.organizations.id, application!.organizationId));
    const agreement = await agreementAt(db(), approved, 'PENDING_DISBURSEMENT');
    await paidOut(db(), call, agreement, { officer, approver });
    const viewer = {
      kind: 'applicant' as const,
      userId: approved.applicant.userId,
      tenant: 'arkcash' as TenantId,
      sessionId: '',
    };

    // The agreement (Schedule J or K) names the borrower.
    const document = await app.app.agreementDocuments.preview(viewer, agreement.id);
    expect(textOf(document.bytes)).toContain(name);

    // Lampiran A and the iDeal return.
    expect((await app.app.regulator.ledgerOf(agreement.id)).borrowerName).toBe(name);
    const today = malaysiaDate(clock.now());
    const ideal = await call('GET', `${REGULATOR_PATHS.idealExport}?from=${today}&to=${today}`, {
      token: officer.token,
    });
    expect(ideal.status).toBe(200);
    const line = String(ideal.body)
      .split('\n')
      .find((row) => row.includes(agreement.agreementNo));
    expect(line).toContain(name);

    // The statement, and the receipt of a payment.
    expect((await app.app.accounts.statementOf(agreement.id)).borrowerName).toBe(name);
    const schedule = await app.app.repayments.schedule(viewer, agreement.id);
    await app.app.repayments.applyPayment({
      agreementId: agreement.id,
      amountSen: schedule.outstandingSen,
      channel: 'FPX',
      externalRef: `N${process.pid}-${type}`,
      paidAt: clock.now(),
      actor: 'gateway:test',
    });
    // The receipt is made by the payment's handler, after its transaction.
    await app.app.settle();
    const history = await app.app.repayments.staffPaymentHistory(agreement.id);
    const [paid] = history.items as { receiptFileId: string | null }[];
    expect(paid?.receiptFileId).toBeTruthy();
    const receipt = await app.app.repayments.receiptFor(viewer, paid!.receiptFileId!);
    expect(textOf(receipt.bytes)).toContain(name);

    // The discharge letter of the loan, closed by that payment.
    expect(await app.app.repayments.closedAccount(agreement.id)).toMatchObject({
      borrowerName: name,
    });

    // The back office finds the loan by the business's name, the person's, and the printed one.
    for (const query of [companyName.toUpperCase(), applicantName.toLowerCase(), name]) {
      const found = await call('POST', STATEMENT_PATHS.search, {
        token: service.token,
        body: { currentPage: 1, pageSize: 100, borrowerName: query },
      });
      expect(found.status).toBe(200);
      expect(found.body.items).toEqual([
        expect.objectContaining({ agreementId: agreement.id, borrowerName: name }),
      ]);
    }
  });
});
