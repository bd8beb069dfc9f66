// The late charge rate is a term of the agreement: an admin who changes the setting changes the
// rate of the agreements made after, never of those made before. The books and the arrears letter
// of each loan are held against `rate/100 x D/365 x S`, worked out here apart from the engine.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import {
  BUSINESS_DATE_PATHS,
  COLLECTION_PATHS,
  PUBLISHED_FIGURES_PATHS,
  SETTINGS_PATHS,
  type TenantId,
} from '@lending/contracts';
import { addDays, addMonths, daysBetween } from '@lending/domain';
import { eq } from 'drizzle-orm';

import * as t from '../../db/schema';
import { fixedClock } from '../../kernel/clock';
import { agreementAt, approvedApplicant, paidOut } from '../../testing/agreements';
import { type Caller, caller } from '../../testing/auth-helpers';
import { type StaffMember, staffMember } from '../../testing/decisions';
import { databases, openTestApp, type TestApp } from '../../testing/test-db';

/** R = rate x D/365 x S, half a sen rounded up, in whole numbers only. */
const charge = (rateBp: number, overdueSen: number, days: number) =>
  Number((2n * BigInt(rateBp) * BigInt(overdueSen) * BigInt(days) + 3_650_000n) / 7_300_000n);

function pdfText(bytes: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'letter-'));
  const file = path.join(dir, 'letter.pdf');
  try {
    fs.writeFileSync(file, bytes);
    return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe.each(databases())('the late charge rate of an agreement (%s)', (kind) => {
  const clock = fixedClock('2026-01-05T12:00:00+08:00');
  let app: TestApp;
  let call: Caller;
  let admin: StaffMember;
  let officer: StaffMember;
  let approver: StaffMember;
  beforeAll(async () => {
    app = await openTestApp(kind, { clock, movableBusinessDate: true });
    call = caller(app.app);
    admin = await staffMember(app.db.orm, call, ['ADMIN']);
    officer = await staffMember(app.db.orm, call, ['CREDIT_OFFICER']);
    approver = await staffMember(app.db.orm, call, ['APPROVER']);
  });
  afterAll(() => app.close());

  async function loan(language: 'EN' | 'MS') {
    const approved = await approvedApplicant(app.db.orm, call, { language });
    const agreement = await agreementAt(app.db.orm, approved, 'PENDING_DISBURSEMENT');
    const { firstDueDate } = await paidOut(app.db.orm, call, agreement, { officer, approver });
    const viewer = {
      kind: 'applicant' as const,
      userId: approved.applicant.userId,
      tenant: 'arkcash' as TenantId,
      sessionId: '',
    };
    const schedule = await app.app.repayments.schedule(viewer, agreement.id);
    return {
      id: agreement.id,
      viewer,
      rateBp: agreement.lateChargeRateBp,
      due: (n: number) => addMonths(firstDueDate, n - 1),
      amount: (n: number) => schedule.instalments[n - 1]!.instalmentSen,
    };
  }

  async function setLateChargeRate(rateBp: number) {
    const current = await call('GET', SETTINGS_PATHS.current, {
      token: admin.token,
      tenant: 'arkcash',
    });
    const settings = current.body.settings;
    const saved = await call('PUT', SETTINGS_PATHS.current, {
      token: admin.token,
      tenant: 'arkcash',
      body: { ...settings, rates: { ...settings.rates, lateChargeAnnualRateBp: rateBp } },
    });
    expect(saved.status).toBe(200);
  }

  /** The business date moved by an admin, and the days up to it closed. */
  async function closeThrough(day: string) {
    const moved = await call('PUT', BUSINESS_DATE_PATHS.move, {
      token: admin.token,
      body: { businessDate: day },
    });
    expect(moved.status).toBe(200);
    const started = await call('POST', BUSINESS_DATE_PATHS.closeOfBusiness, {
      token: admin.token,
    });
    expect(started.status).toBe(202);
    await app.app.businessDate.settle();
  }

  async function chargedSen(agreementId: string): Promise<number[]> {
    const [account] = await app.db.orm
      .select()
      .from(t.loanAccounts)
      .where(eq(t.loanAccounts.agreementId, agreementId));
    const rows = await app.db.orm
      .select()
      .from(t.lateChargeAccruals)
      .where(eq(t.lateChargeAccruals.accountId, account!.id));
    return rows.sort((a, b) => a.day.localeCompare(b.day)).map((row) => row.amountSen);
  }

  async function arrearsLetterText(agreementId: string): Promise<string> {
    const [letter] = await app.db.orm
      .select()
      .from(t.collectionLetters)
      .where(eq(t.collectionLetters.agreementId, agreementId));
    expect(letter?.kind).toBe('ARREARS');
    const pdf = await app.app.inject({
      method: 'GET',
      url: COLLECTION_PATHS.staffLetter(letter!.id),
      headers: { authorization: `Bearer ${officer.token}` },
    });
    expect(pdf.statusCode).toBe(200);
    return pdfText(pdf.rawPayload);
  }

  it('charges each loan the rate in the settings when it was made, and its letter says so', async () => {
    const atEight = await loan('MS');
    await setLateChargeRate(700);
    const published = await call('GET', PUBLISHED_FIGURES_PATHS.current, { tenant: 'arkcash' });
    expect(published.body.rates.lateChargeAnnualRateBp).toBe(700);
    const atSeven = await loan('EN');
    expect([atEight.rateBp, atSeven.rateBp]).toEqual([800, 700]);

    // Ten days past the first due date with nothing paid on either loan.
    const due = atSeven.due(1);
    expect(atEight.due(1)).toBe(due);
    const last = addDays(due, 10);
    await closeThrough(last);

    for (const [loanOf, rateBp] of [
      [atSeven, 700],
      [atEight, 800],
    ] as const) {
      const overdueSen = loanOf.amount(1);
      // Each day adds what D days come to less what D - 1 days came to: never compounded.
      const days = Array.from({ length: daysBetween(due, last) }, (_, i) => i + 1);
      expect(await chargedSen(loanOf.id)).toEqual(
        days.map((d) => charge(rateBp, overdueSen, d) - charge(rateBp, overdueSen, d - 1)),
      );
      const schedule = await app.app.repayments.schedule(loanOf.viewer, loanOf.id);
      expect(schedule.instalments[0]!.lateChargesSen).toBe(charge(rateBp, overdueSen, 10));
      const quote = await app.app.repayments.earlySettlementQuote(loanOf.viewer, loanOf.id);
      expect(quote.lateChargesSen).toBe(charge(rateBp, overdueSen, 10));
    }
    // Not the same figure at both rates: the rate made the difference.
    expect(charge(700, atSeven.amount(1), 10)).not.toBe(charge(800, atSeven.amount(1), 10));

    const english = await arrearsLetterText(atSeven.id);
    expect(english).toContain('Late charges of 7.00% a year accrue daily');
    expect(english).toContain('Late charges (7.00% a year)');
    expect(english).not.toContain('8.00%');
    const malay = await arrearsLetterText(atEight.id);
    expect(malay).toContain('Caj lewat 8.00% setahun dikenakan setiap hari');
    expect(malay).toContain('Caj lewat (8.00% setahun)');
  });
});
