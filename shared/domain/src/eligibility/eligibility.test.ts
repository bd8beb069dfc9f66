import type { EligibilityInput, EligibilityRule } from './eligibility';
import {
  ageRuleFailure,
  businessAgeRuleFailure,
  businessEligibleFrom,
  checkEligibility,
  DEFAULT_ELIGIBILITY_SETTINGS,
  telecomPostpaidRuleFailure,
} from './eligibility';

// 1 July 2025, 08:00 in Malaysia
const today = new Date('2025-07-01T00:00:00Z');

const eligible: EligibilityInput = {
  isMalaysianCitizen: true,
  birthDate: '1990-01-01',
  businessEstablishedDate: '2020-03-15',
  annualTurnoverSen: 12_000_000,
  grossMonthlyIncomeSen: 300_000,
  telecomPostpaidSince: '2022-01-01',
};

function ruleOf(input: Partial<EligibilityInput>, rule: EligibilityRule, tenant = 'redcash') {
  return checkEligibility({ ...eligible, ...input }, { today, tenant }).rules.find(
    (r) => r.rule === rule,
  );
}

describe('eligibility', () => {
  it('passes an applicant who meets every rule', () => {
    const result = checkEligibility(eligible, { today, tenant: 'redcash' });
    expect(result.eligible).toBe(true);
    expect(result.rules.map((r) => r.rule)).toEqual([
      'citizen',
      'age',
      'businessAge',
      'annualTurnover',
      'grossMonthlyIncome',
      'telecomPostpaid',
    ]);
  });

  it('rejects an applicant who is not a Malaysian citizen', () => {
    expect(ruleOf({ isMalaysianCitizen: false }, 'citizen')).toEqual({
      rule: 'citizen',
      pass: false,
      reason: 'notCitizen',
    });
    expect(
      checkEligibility({ ...eligible, isMalaysianCitizen: false }, { today, tenant: 'arkcash' })
        .eligible,
    ).toBe(false);
  });

  it('accepts an applicant on their 20th birthday and up to the day before their 66th', () => {
    expect(ruleOf({ birthDate: '2005-07-01' }, 'age')).toEqual({ rule: 'age', pass: true });
    expect(ruleOf({ birthDate: '1959-07-02' }, 'age')).toEqual({ rule: 'age', pass: true });
  });

  it('rejects an applicant younger than 20', () => {
    expect(ruleOf({ birthDate: '2005-07-02' }, 'age')).toEqual({
      rule: 'age',
      pass: false,
      reason: 'tooYoung',
    });
  });

  it('rejects an applicant older than 65', () => {
    expect(ruleOf({ birthDate: '1959-07-01' }, 'age')).toEqual({
      rule: 'age',
      pass: false,
      reason: 'tooOld',
    });
  });

  it('reads the age from the NRIC when one is given', () => {
    expect(ruleOf({ nric: '050701-14-5677' }, 'age')).toEqual({ rule: 'age', pass: true });
    expect(ruleOf({ nric: '050702-14-5677', birthDate: '1990-01-01' }, 'age')).toEqual({
      rule: 'age',
      pass: false,
      reason: 'tooYoung',
    });
  });

  it('fails the age rule when the NRIC is invalid or no birth date is known', () => {
    expect(ruleOf({ nric: '050732-14-5677' }, 'age')).toEqual({
      rule: 'age',
      pass: false,
      reason: 'nricInvalid',
    });
    expect(ruleOf({ birthDate: undefined }, 'age')).toEqual({
      rule: 'age',
      pass: false,
      reason: 'birthDateUnknown',
    });
  });

  it('counts age on the Malaysian date, not the UTC one', () => {
    // 30 June 2025 16:00 UTC is already 1 July in Malaysia.
    const result = checkEligibility(
      { ...eligible, birthDate: '2005-07-01' },
      { today: new Date('2025-06-30T16:00:00Z'), tenant: 'arkcash' },
    );
    expect(result.rules.find((r) => r.rule === 'age')).toEqual({ rule: 'age', pass: true });
  });

  it('requires the business to be older than one year', () => {
    expect(ruleOf({ businessEstablishedDate: '2024-06-30' }, 'businessAge')).toEqual({
      rule: 'businessAge',
      pass: true,
    });
    expect(ruleOf({ businessEstablishedDate: '2024-07-01' }, 'businessAge')).toEqual({
      rule: 'businessAge',
      pass: false,
      reason: 'businessTooNew',
    });
  });

  it('requires annual turnover above RM60,000', () => {
    expect(ruleOf({ annualTurnoverSen: 6_000_001 }, 'annualTurnover')).toEqual({
      rule: 'annualTurnover',
      pass: true,
    });
    expect(ruleOf({ annualTurnoverSen: 6_000_000 }, 'annualTurnover')).toEqual({
      rule: 'annualTurnover',
      pass: false,
      reason: 'turnoverTooLow',
    });
  });

  it('requires gross monthly income of at least RM1,500', () => {
    expect(ruleOf({ grossMonthlyIncomeSen: 150_000 }, 'grossMonthlyIncome')).toEqual({
      rule: 'grossMonthlyIncome',
      pass: true,
    });
    expect(ruleOf({ grossMonthlyIncomeSen: 149_999 }, 'grossMonthlyIncome')).toEqual({
      rule: 'grossMonthlyIncome',
      pass: false,
      reason: 'incomeTooLow',
    });
  });

  it('requires a redcash applicant to have held a telecom postpaid account for more than 6 months', () => {
    expect(ruleOf({ telecomPostpaidSince: '2024-12-31' }, 'telecomPostpaid')).toEqual({
      rule: 'telecomPostpaid',
      pass: true,
    });
    expect(ruleOf({ telecomPostpaidSince: '2025-01-01' }, 'telecomPostpaid')).toEqual({
      rule: 'telecomPostpaid',
      pass: false,
      reason: 'telecomPostpaidTooNew',
    });
    expect(ruleOf({ telecomPostpaidSince: null }, 'telecomPostpaid')).toEqual({
      rule: 'telecomPostpaid',
      pass: false,
      reason: 'noTelecomPostpaid',
    });
  });

  it("takes the postpaid rule from the telecom's report: more than 6 completed months", () => {
    const postpaid = (postpaidTenureMonths: number | null) => ({
      accountType: 'POSTPAID' as const,
      postpaidTenureMonths,
    });
    expect(telecomPostpaidRuleFailure(postpaid(7))).toBeUndefined();
    expect(telecomPostpaidRuleFailure(postpaid(120))).toBeUndefined();
    // Six completed months may have ended today: not yet more than six.
    expect(telecomPostpaidRuleFailure(postpaid(6))).toBe('telecomPostpaidTooNew');
    expect(telecomPostpaidRuleFailure(postpaid(0))).toBe('telecomPostpaidTooNew');
    expect(telecomPostpaidRuleFailure(postpaid(null))).toBe('noTelecomPostpaid');
    expect(telecomPostpaidRuleFailure(postpaid(-1))).toBe('noTelecomPostpaid');
    expect(telecomPostpaidRuleFailure(postpaid(6.5))).toBe('noTelecomPostpaid');
    expect(telecomPostpaidRuleFailure(null)).toBe('noTelecomPostpaid');
  });

  it('refuses a prepaid line whatever its age', () => {
    expect(telecomPostpaidRuleFailure({ accountType: 'PREPAID', postpaidTenureMonths: 48 })).toBe(
      'noTelecomPostpaid',
    );
  });

  it("lets the telecom's report decide over a typed postpaid date, and follows the settings", () => {
    const account = { accountType: 'POSTPAID' as const, postpaidTenureMonths: 4 };
    // The typed date would pass; the telecom says four months.
    expect(ruleOf({ telecomAccount: account }, 'telecomPostpaid')).toEqual({
      rule: 'telecomPostpaid',
      pass: false,
      reason: 'telecomPostpaidTooNew',
    });
    expect(
      checkEligibility(
        { ...eligible, telecomAccount: account },
        {
          today,
          tenant: 'redcash',
          settings: { ...DEFAULT_ELIGIBILITY_SETTINGS, minTelecomPostpaidMonths: 3 },
        },
      ).eligible,
    ).toBe(true);
    expect(ruleOf({ telecomAccount: null }, 'telecomPostpaid')).toEqual({
      rule: 'telecomPostpaid',
      pass: false,
      reason: 'noTelecomPostpaid',
    });
    // Other tenants never ask, whatever the line.
    expect(
      checkEligibility(
        { ...eligible, telecomAccount: { accountType: 'PREPAID', postpaidTenureMonths: null } },
        { today, tenant: 'arkcash' },
      ).eligible,
    ).toBe(true);
  });

  it('does not ask other tenants for a telecom postpaid account', () => {
    const result = checkEligibility(
      { ...eligible, telecomPostpaidSince: null },
      { today, tenant: 'arkcash' },
    );
    expect(result.eligible).toBe(true);
    expect(result.rules.some((r) => r.rule === 'telecomPostpaid')).toBe(false);
  });

  it('follows the limits in the settings', () => {
    const settings = { ...DEFAULT_ELIGIBILITY_SETTINGS, minAge: 21 };
    const result = checkEligibility(
      { ...eligible, birthDate: '2005-01-01' },
      { today, tenant: 'arkcash', settings },
    );
    expect(result.rules.find((r) => r.rule === 'age')).toEqual({
      rule: 'age',
      pass: false,
      reason: 'tooYoung',
    });
  });

  it('reports every failing rule, not only the first', () => {
    const result = checkEligibility(
      { ...eligible, isMalaysianCitizen: false, annualTurnoverSen: 0, grossMonthlyIncomeSen: 0 },
      { today, tenant: 'arkcash' },
    );
    expect(result.rules.filter((r) => !r.pass).map((r) => r.rule)).toEqual([
      'citizen',
      'annualTurnover',
      'grossMonthlyIncome',
    ]);
  });
});

describe('the rules registration checks on its own', () => {
  it('refuses an age outside 20 to 65 in completed years', () => {
    expect(ageRuleFailure('2009-03-01', '2025-07-01')).toBe('tooYoung');
    expect(ageRuleFailure('2005-07-02', '2025-07-01')).toBe('tooYoung');
    expect(ageRuleFailure('2005-07-01', '2025-07-01')).toBeUndefined();
    expect(ageRuleFailure('1959-07-01', '2025-07-01')).toBe('tooOld');
    expect(ageRuleFailure('1959-07-02', '2025-07-01')).toBeUndefined();
  });

  it('refuses a business until it is more than twelve months old, and says from when', () => {
    expect(businessAgeRuleFailure('2025-01-10', '2025-07-01')).toBe('businessTooNew');
    expect(businessAgeRuleFailure('2024-07-01', '2025-07-01')).toBe('businessTooNew');
    expect(businessAgeRuleFailure('2024-06-30', '2025-07-01')).toBeUndefined();
    expect(businessEligibleFrom('2024-07-01')).toBe('2025-07-02');
    expect(
      businessAgeRuleFailure('2024-07-01', businessEligibleFrom('2024-07-01')),
    ).toBeUndefined();
  });
});
