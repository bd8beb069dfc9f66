import { DEFAULT_FEE_SETTINGS, loanProtectionRateFor } from '../loan/fees';
import { DEFAULT_LOAN_LIMITS } from '../loan/limits';
import type { ProductSettings } from './product-settings';
import {
  closedApplicationRetentionDays,
  DEFAULT_PRODUCT_SETTINGS,
  productAnnualRate,
  reviseProductSettings,
  validateProductSettings,
} from './product-settings';

const withChanges = (changes: Partial<ProductSettings>): ProductSettings => ({
  ...DEFAULT_PRODUCT_SETTINGS,
  ...changes,
});

describe('product settings', () => {
  it('starts from the defaults the rules use today', () => {
    expect(DEFAULT_PRODUCT_SETTINGS.fees).toBe(DEFAULT_FEE_SETTINGS);
    expect(DEFAULT_PRODUCT_SETTINGS.limits).toBe(DEFAULT_LOAN_LIMITS);
    expect(DEFAULT_PRODUCT_SETTINGS.bans).toEqual({ rejectionBanMonths: 3, temporaryBanMonths: 6 });
    expect(productAnnualRate(DEFAULT_PRODUCT_SETTINGS.rates, 'SECURED')).toBe(1200);
    expect(productAnnualRate(DEFAULT_PRODUCT_SETTINGS.rates, 'UNSECURED')).toBe(1680);
  });

  it('offers loan protection by default for every tenure the default limits allow', () => {
    const { minTenureMonths, maxTenureMonths } = DEFAULT_PRODUCT_SETTINGS.limits;
    for (let months = minTenureMonths; months <= maxTenureMonths; months += 1) {
      expect(loanProtectionRateFor(DEFAULT_PRODUCT_SETTINGS.loanProtectionRates, months)).toEqual(
        expect.any(Number),
      );
    }
    expect(loanProtectionRateFor(DEFAULT_PRODUCT_SETTINGS.loanProtectionRates, 12)).toBe(100);
    expect(loanProtectionRateFor(DEFAULT_PRODUCT_SETTINGS.loanProtectionRates, 24)).toBe(200);
    expect(
      loanProtectionRateFor(DEFAULT_PRODUCT_SETTINGS.loanProtectionRates, maxTenureMonths + 1),
    ).toBeUndefined();
  });

  it('accepts the defaults', () => {
    expect(validateProductSettings(DEFAULT_PRODUCT_SETTINGS)).toEqual([]);
  });

  it('refuses a minimum above its maximum', () => {
    const settings = withChanges({
      limits: { ...DEFAULT_LOAN_LIMITS, minAmountSen: 6_000_000, minTenureMonths: 36 },
    });
    expect(validateProductSettings(settings)).toEqual([
      { code: 'minimumAboveMaximum', path: 'limits.minAmountSen' },
      { code: 'minimumAboveMaximum', path: 'limits.minTenureMonths' },
    ]);
  });

  it('refuses a rate above its s.17A cap', () => {
    const settings = withChanges({
      rates: {
        ...DEFAULT_PRODUCT_SETTINGS.rates,
        securedAnnualRateBp: 1201,
        unsecuredAnnualRateBp: 1801,
      },
    });
    expect(validateProductSettings(settings)).toEqual([
      { code: 'rateAboveCap', path: 'rates.securedAnnualRateBp' },
      { code: 'rateAboveCap', path: 'rates.unsecuredAnnualRateBp' },
    ]);
  });

  it('refuses a rate of zero or a fraction of a basis point', () => {
    const settings = withChanges({
      rates: {
        ...DEFAULT_PRODUCT_SETTINGS.rates,
        simulatorMonthlyRateBp: 0,
        lateChargeAnnualRateBp: 8.5,
      },
    });
    expect(validateProductSettings(settings)).toEqual([
      { code: 'notWholeNumber', path: 'rates.lateChargeAnnualRateBp' },
      { code: 'rateNotPositive', path: 'rates.simulatorMonthlyRateBp' },
    ]);
  });

  it('refuses a fee share above the whole', () => {
    const settings = withChanges({
      fees: {
        ...DEFAULT_FEE_SETTINGS,
        attestationFeeUnsecuredBp: 10_001,
        stampDutySenPerThousand: -1,
      },
    });
    expect(validateProductSettings(settings)).toEqual([
      { code: 'notWholeNumber', path: 'fees.stampDutySenPerThousand' },
      { code: 'shareAboveWhole', path: 'fees.attestationFeeUnsecuredBp' },
    ]);
  });

  it('refuses overlapping approval bands and a band open before the last', () => {
    expect(
      validateProductSettings(
        withChanges({
          approvalBands: [
            { upToSen: 2_000_000, levels: 1 },
            { upToSen: 2_000_000, levels: 2 },
            { upToSen: null, levels: 2 },
          ],
        }),
      ),
    ).toEqual([{ code: 'approvalBandsOverlap', path: 'approvalBands[1]' }]);
    expect(
      validateProductSettings(
        withChanges({
          approvalBands: [
            { upToSen: null, levels: 1 },
            { upToSen: null, levels: 2 },
          ],
        }),
      ),
    ).toEqual([{ code: 'approvalBandsOverlap', path: 'approvalBands[1]' }]);
  });

  it('refuses approval bands that leave large amounts without a band', () => {
    expect(
      validateProductSettings(withChanges({ approvalBands: [{ upToSen: 2_000_000, levels: 1 }] })),
    ).toEqual([{ code: 'approvalBandsLeaveAmountsUncovered', path: 'approvalBands' }]);
    expect(
      validateProductSettings(withChanges({ approvalBands: [{ upToSen: 5_000_000, levels: 1 }] })),
    ).toEqual([]);
    expect(validateProductSettings(withChanges({ approvalBands: [] }))).toEqual([
      { code: 'approvalBandsEmpty', path: 'approvalBands' },
    ]);
  });

  it('refuses more approval levels than the status machine has', () => {
    expect(
      validateProductSettings(withChanges({ approvalBands: [{ upToSen: null, levels: 3 }] })),
    ).toEqual([{ code: 'approvalLevelsInvalid', path: 'approvalBands[0]' }]);
  });

  it('refuses overlapping loan protection tenure bands', () => {
    expect(
      validateProductSettings(
        withChanges({
          loanProtectionRates: [
            { minTenureMonths: 6, maxTenureMonths: 12, rateBp: 150 },
            { minTenureMonths: 12, maxTenureMonths: 24, rateBp: 250 },
          ],
        }),
      ),
    ).toEqual([{ code: 'loanProtectionBandsOverlap', path: 'loanProtectionRates[1]' }]);
    expect(
      validateProductSettings(
        withChanges({
          loanProtectionRates: [
            { minTenureMonths: 6, maxTenureMonths: 12, rateBp: 150 },
            { minTenureMonths: 13, maxTenureMonths: 24, rateBp: 250 },
          ],
        }),
      ),
    ).toEqual([]);
  });

  it('refuses a ban of no months', () => {
    expect(
      validateProductSettings(
        withChanges({ bans: { rejectionBanMonths: 0, temporaryBanMonths: 6 } }),
      ),
    ).toEqual([{ code: 'banMonthsNotPositive', path: 'bans.rejectionBanMonths' }]);
  });

  it('refuses office hours that close before they open, bad times, slots and holidays', () => {
    expect(
      validateProductSettings(
        withChanges({
          officeHours: {
            opensAt: '17:00',
            closesAt: '09:00',
            slotMinutes: 30,
            publicHolidays: ['2025-02-30'],
          },
        }),
      ),
    ).toEqual([
      { code: 'closesBeforeOpens', path: 'officeHours.closesAt' },
      { code: 'slotMinutesInvalid', path: 'officeHours.slotMinutes' },
      { code: 'holidayInvalid', path: 'officeHours.publicHolidays[0]' },
    ]);
    expect(
      validateProductSettings(
        withChanges({
          officeHours: { opensAt: '9:00', closesAt: '17:00', slotMinutes: 0, publicHolidays: [] },
        }),
      ),
    ).toEqual([
      { code: 'clockTimeInvalid', path: 'officeHours.opensAt' },
      { code: 'slotMinutesInvalid', path: 'officeHours.slotMinutes' },
    ]);
  });
});

describe('revising product settings', () => {
  it('makes the next version when the changes are consistent', () => {
    const revision = reviseProductSettings(DEFAULT_PRODUCT_SETTINGS, {
      bans: { rejectionBanMonths: 4, temporaryBanMonths: 6 },
    });
    expect(revision).toEqual({
      ok: true,
      settings: {
        ...DEFAULT_PRODUCT_SETTINGS,
        version: 2,
        bans: { rejectionBanMonths: 4, temporaryBanMonths: 6 },
      },
    });
  });

  it('keeps the current version and names the problems when they are not', () => {
    const revision = reviseProductSettings(DEFAULT_PRODUCT_SETTINGS, {
      limits: { ...DEFAULT_LOAN_LIMITS, maxTenureMonths: 3 },
    });
    expect(revision).toEqual({
      ok: false,
      problems: [{ code: 'minimumAboveMaximum', path: 'limits.minTenureMonths' }],
    });
    expect(DEFAULT_PRODUCT_SETTINGS.version).toBe(1);
  });

  it("keeps closed applications' documents a year by default, 30 days to 10 years when set", () => {
    expect(closedApplicationRetentionDays(DEFAULT_PRODUCT_SETTINGS)).toBe(365);
    const { retention: _none, ...older } = DEFAULT_PRODUCT_SETTINGS;
    // Settings saved before the setting existed read as the default.
    expect(closedApplicationRetentionDays(older)).toBe(365);
    expect(validateProductSettings(older)).toEqual([]);
    for (const days of [30, 90, 3650]) {
      const settings = withChanges({ retention: { closedApplicationDocumentsDays: days } });
      expect(validateProductSettings(settings)).toEqual([]);
      expect(closedApplicationRetentionDays(settings)).toBe(days);
    }
    for (const days of [0, 29, 3651, 45.5, -1]) {
      expect(
        validateProductSettings(
          withChanges({ retention: { closedApplicationDocumentsDays: days } }),
        ),
      ).toEqual([
        { code: 'retentionDaysInvalid', path: 'retention.closedApplicationDocumentsDays' },
      ]);
    }
  });

  it('holds the reminder days to 1 to 14 days before a due date', () => {
    expect(DEFAULT_PRODUCT_SETTINGS.collections).toEqual({ reminderDaysBefore: 3 });
    expect(
      validateProductSettings(withChanges({ collections: { reminderDaysBefore: 14 } })),
    ).toEqual([]);
    for (const reminderDaysBefore of [0, 15, 1.5]) {
      expect(validateProductSettings(withChanges({ collections: { reminderDaysBefore } }))).toEqual(
        [{ code: 'reminderDaysInvalid', path: 'collections.reminderDaysBefore' }],
      );
    }
  });
});
