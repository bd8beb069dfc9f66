import { BUSINESS_DATE_PATHS, DISBURSEMENT_PATHS } from '@lending/contracts';
import {
  addDays,
  firstDueDateAfterDisbursement,
  type IsoDate,
  malaysiaDate,
} from '@lending/domain';
import { eq } from 'drizzle-orm';

import * as t from '../../db/schema';
import { agreementAt, approvedApplicant } from '../../testing/agreements';
import { caller } from '../../testing/auth-helpers';
import { staffMember } from '../../testing/decisions';
import { databases, openTestApp, type TestApp } from '../../testing/test-db';

// A sandbox moves the business date ahead of Malaysia's: a loan paid out there is paid out on
// the books' date, so its instalments never fall due in the books' past.
describe.each(databases('concurrency'))('a payout on a moved business date (%s)', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await openTestApp(kind, { movableBusinessDate: true });
  });
  afterAll(() => app.close());

  it('opens the account on the business date, its first instalment a month after', async () => {
    const db = app.db.orm;
    const call = caller(app.app);
    const [admin, officer, approver] = [
      await staffMember(db, call, ['ADMIN']),
      await staffMember(db, call, ['CREDIT_OFFICER']),
      await staffMember(db, call, ['APPROVER']),
    ];
    const businessDate = addDays(malaysiaDate(new Date()), 70) as IsoDate;
    const moved = await call('PUT', BUSINESS_DATE_PATHS.move, {
      token: admin.token,
      body: { businessDate },
    });
    expect(moved.body.businessDate).toBe(businessDate);

    const agreement = await agreementAt(
      db,
      await approvedApplicant(db, call),
      'PENDING_DISBURSEMENT',
    );
    const [bank] = await db.select().from(t.banks).where(eq(t.banks.code, 'MBB'));
    const recorded = await call('POST', DISBURSEMENT_PATHS.record(agreement.id), {
      token: officer.token,
      body: {
        version: agreement.version,
        bankId: bank!.id,
        accountName: 'Kedai Runcit Aminah',
        accountNumber: '5123456789012',
      },
    });
    const paid = await call('POST', DISBURSEMENT_PATHS.confirm(agreement.id), {
      token: approver.token,
      body: { payoutId: recorded.body.payouts[0].id },
    });
    expect(paid.status).toBe(200);
    const firstDueDate = firstDueDateAfterDisbursement(businessDate, {
      firstDueMonthsAfterDisbursement: 1,
    });
    expect(firstDueDate > businessDate).toBe(true);
    expect(paid.body.account).toMatchObject({ disbursedOn: businessDate, firstDueDate });
    expect(paid.body.schedule.rows[0].dueDate).toBe(firstDueDate);
  });
});
