import { DEFAULT_PRODUCT_SETTINGS } from '@lending/domain';

import { settingsOf, valuesOf } from './settings-values';

describe('settings form values', () => {
  it('reads back exactly the settings it was filled from', () => {
    const read = settingsOf(valuesOf(DEFAULT_PRODUCT_SETTINGS), 1);
    expect(read).toEqual({ ok: true, settings: DEFAULT_PRODUCT_SETTINGS, problems: [] });
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
});
