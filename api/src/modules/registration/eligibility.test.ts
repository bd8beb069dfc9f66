import { REGISTRATION_PATHS } from '@lending/contracts';

import { fixedClock } from '../../kernel/clock';
import { type Caller, caller } from '../../testing/auth-helpers';
import { databases, openTestApp, type TestApp } from '../../testing/test-db';

const eligible = {
  isMalaysianCitizen: true,
  nric: '900101-14-5678',
  businessEstablishedDate: '2020-01-01',
  annualTurnoverSen: 12_000_000,
  grossMonthlyIncomeSen: 300_000,
};

describe.each(databases())('eligibility check on %s', (kind) => {
  let t: TestApp;
  let call: Caller;

  beforeAll(async () => {
    t = await openTestApp(kind, { clock: fixedClock('2026-06-15T02:00:00Z') });
    call = caller(t.app);
  });
  afterAll(() => t.close());

  const check = (body: unknown, tenant?: string) =>
    call('POST', REGISTRATION_PATHS.eligibilityCheck, { body, tenant });

  it('passes every rule for an eligible applicant, without the postpaid rule on arkcash', async () => {
    const { status, body } = await check(eligible);
    expect(status).toBe(200);
    expect(body.eligible).toBe(true);
    expect(body.rules.map((r: { rule: string }) => r.rule)).toEqual([
      'citizen',
      'age',
      'businessAge',
      'annualTurnover',
      'grossMonthlyIncome',
    ]);
    expect(body.limits).toMatchObject({ minAge: 20, maxAge: 65, minAnnualTurnoverSen: 6_000_000 });
  });

  it('explains each failed rule with its reason', async () => {
    const { body } = await check({
      isMalaysianCitizen: false,
      birthDate: '2010-01-01',
      businessEstablishedDate: '2026-01-01',
      annualTurnoverSen: 6_000_000,
      grossMonthlyIncomeSen: 149_999,
    });
    expect(body.eligible).toBe(false);
    expect(body.rules).toEqual([
      { rule: 'citizen', pass: false, reason: 'notCitizen' },
      { rule: 'age', pass: false, reason: 'tooYoung' },
      { rule: 'businessAge', pass: false, reason: 'businessTooNew' },
      { rule: 'annualTurnover', pass: false, reason: 'turnoverTooLow' },
      { rule: 'grossMonthlyIncome', pass: false, reason: 'incomeTooLow' },
    ]);
  });

  it('applies the telecom postpaid rule on redcash only', async () => {
    const none = await check(eligible, 'redcash');
    expect(none.body.eligible).toBe(false);
    expect(none.body.rules.at(-1)).toEqual({
      rule: 'telecomPostpaid',
      pass: false,
      reason: 'noTelecomPostpaid',
    });
    const recent = await check({ ...eligible, telecomPostpaidSince: '2026-03-01' }, 'redcash');
    expect(recent.body.rules.at(-1).reason).toBe('telecomPostpaidTooNew');
    const held = await check({ ...eligible, telecomPostpaidSince: '2024-03-01' }, 'redcash');
    expect(held.body.eligible).toBe(true);
  });

  it('reads an invalid NRIC as a failed age rule, and refuses malformed input with a 400', async () => {
    const { body } = await check({ ...eligible, nric: '123' });
    expect(body.rules[1]).toEqual({ rule: 'age', pass: false, reason: 'nricInvalid' });
    const bad = await check({ ...eligible, annualTurnoverSen: 'lots' });
    expect(bad.status).toBe(400);
    const date = await check({ ...eligible, businessEstablishedDate: '2020-02-31' });
    expect(date.status).toBe(400);
    expect(date.body.message).toBe('Please enter a valid date');
  });
});
