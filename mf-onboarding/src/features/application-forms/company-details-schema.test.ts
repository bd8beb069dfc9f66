import { errorsOf, t, tMs, TODAY } from '../../testing/schema-test-kit';
import { companySchema } from './company-details-schema';
import { validCompany } from './schema-fixtures';

describe('generic messages of spec section 5', () => {
  it('asks to enter a missing field by its label, in English and in Malay', async () => {
    const value = { ...validCompany, companyName: '' };
    expect(
      await errorsOf(companySchema(t, { organizationType: 'SOLE_PROP', today: TODAY }), value),
    ).toContain('Please enter your company name');
    expect(
      await errorsOf(companySchema(tMs, { organizationType: 'SOLE_PROP', today: TODAY }), value),
    ).toContain('Sila masukkan nama syarikat anda');
    expect(
      await errorsOf(
        companySchema(t, { organizationType: 'SOLE_PROP', today: TODAY }),
        validCompany,
      ),
    ).toEqual([]);
  });
});

describe('business registration number', () => {
  it('requires the new 12-digit format', async () => {
    const schema = companySchema(t, { organizationType: 'SOLE_PROP', today: TODAY });
    expect(
      await errorsOf(schema, { ...validCompany, newBusinessRegistrationNo: 'JM0123456-X' }),
    ).toEqual(['Please enter a valid business registration number (new 12-digit format)']);
  });

  it('refuses a number whose entity code belongs to another organization type', async () => {
    const schema = companySchema(t, { organizationType: 'COMPANY', today: TODAY });
    expect(await errorsOf(schema, validCompany)).toEqual([
      'This business registration number is for a sole proprietorship, not a company',
    ]);
    expect(
      await errorsOf(schema, { ...validCompany, newBusinessRegistrationNo: '201901012345' }),
    ).toEqual([]);
  });
});

describe('date of establishment', () => {
  it('accepts today in Malaysia, which is already tomorrow in UTC before 08:00 there', async () => {
    const schema = companySchema(t, {
      organizationType: 'SOLE_PROP',
      today: new Date('2026-03-01T20:00:00Z'),
    });
    expect(await errorsOf(schema, { ...validCompany, establishedDate: '2026-03-02' })).toEqual([]);
    expect(await errorsOf(schema, { ...validCompany, establishedDate: '2026-03-03' })).toEqual([
      'Please enter a valid date of establishment',
    ]);
  });
});
