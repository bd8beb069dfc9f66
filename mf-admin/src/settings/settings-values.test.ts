import { DEFAULT_PRODUCT_SETTINGS } from '@lending/domain';

import { settingsOf, valuesOf } from './settings-values';

describe('settings form values', () => {
  it('reads back exactly the settings it was filled from', () => {
    const read = settingsOf(valuesOf(DEFAULT_PRODUCT_SETTINGS), 1);
    expect(read).toEqual({ ok: true, settings: DEFAULT_PRODUCT_SETTINGS, problems: [] });
  });

  it('keeps the months to the first due date, and names them when they are not whole', () => {
    const values = { ...valuesOf(DEFAULT_PRODUCT_SETTINGS), firstDueMonths: '2' };
    const read = settingsOf(values, 3);
    expect(read.ok && read.settings.repayment).toEqual({ firstDueMonthsAfterDisbursement: 2 });
    const tooLate = settingsOf({ ...values, firstDueMonths: '13' }, 3);
    expect(tooLate.ok && tooLate.problems).toEqual([
      { code: 'firstDueMonthsInvalid', path: 'repayment.firstDueMonthsAfterDisbursement' },
    ]);
    expect(settingsOf({ ...values, firstDueMonths: 'one' }, 3)).toEqual({
      ok: false,
      errors: { firstDueMonths: 'notWhole' },
    });
  });

  it('keeps the reminder days before a due date, held to 1 to 14', () => {
    const values = { ...valuesOf(DEFAULT_PRODUCT_SETTINGS), reminderDays: '5' };
    const read = settingsOf(values, 3);
    expect(read.ok && read.settings.collections).toEqual({ reminderDaysBefore: 5 });
    const stricter = settingsOf({ ...values, contactFrom: '09:00', bucketMiddle: '15' }, 3);
    expect(stricter.ok && stricter.settings.collections).toEqual({
      reminderDaysBefore: 5,
      contact: { from: '09:00', until: '20:00', perChannelPerDay: 1 },
      caseBuckets: { MIDDLE: 15, LATE: 29, SEVERE: 61 },
    });
    const backwards = settingsOf({ ...values, contactFrom: '21:00' }, 3);
    expect(backwards.ok && backwards.problems).toEqual([
      { code: 'contactRulesInvalid', path: 'collections.contact' },
    ]);
    const tooEarly = settingsOf({ ...values, reminderDays: '15' }, 3);
    expect(tooEarly.ok && tooEarly.problems).toEqual([
      { code: 'reminderDaysInvalid', path: 'collections.reminderDaysBefore' },
    ]);
    expect(settingsOf({ ...values, reminderDays: 'three' }, 3)).toEqual({
      ok: false,
      errors: { reminderDays: 'notWhole' },
    });
  });

  it('names fields it cannot read', () => {
    const values = valuesOf(DEFAULT_PRODUCT_SETTINGS);
    const read = settingsOf(
      {
        ...values,
        securedRate: 'twelve',
        maxAmount: '50,000.123',
        approvalBands: [{ upTo: '', levels: 'x' }],
      },
      1,
    );
    expect(read).toEqual({
      ok: false,
      errors: {
        securedRate: 'notPercent',
        maxAmount: 'notRinggit',
        'approvalBands.0.levels': 'notWhole',
      },
    });
  });

  it('reports what the domain validator finds, such as a rate above the cap', () => {
    const values = { ...valuesOf(DEFAULT_PRODUCT_SETTINGS), unsecuredRate: '19' };
    const read = settingsOf(values, 1);
    expect(read.ok && read.problems).toEqual([
      { code: 'rateAboveCap', path: 'rates.unsecuredAnnualRateBp' },
    ]);
  });

  it('keeps public holidays one a line and an open-ended last approval band', () => {
    const values = {
      ...valuesOf(DEFAULT_PRODUCT_SETTINGS),
      publicHolidays: '2026-12-25\n2027-01-01',
    };
    const read = settingsOf(values, 2);
    expect(read.ok && read.settings.officeHours.publicHolidays).toEqual([
      '2026-12-25',
      '2027-01-01',
    ]);
    expect(read.ok && read.settings.approvalBands.at(-1)?.upToSen).toBeNull();
  });

  it('keeps the retention days of closed applications, and names them when out of range', () => {
    const values = { ...valuesOf(DEFAULT_PRODUCT_SETTINGS), retentionDays: '90' };
    const read = settingsOf(values, 2);
    expect(read.ok && read.settings.retention).toEqual({ closedApplicationDocumentsDays: 90 });
    const tooShort = settingsOf({ ...values, retentionDays: '7' }, 2);
    expect(tooShort.ok && tooShort.problems).toEqual([
      { code: 'retentionDaysInvalid', path: 'retention.closedApplicationDocumentsDays' },
    ]);
    expect(settingsOf({ ...values, retentionDays: 'a year' }, 2)).toEqual({
      ok: false,
      errors: { retentionDays: 'notWhole' },
    });
  });
});
