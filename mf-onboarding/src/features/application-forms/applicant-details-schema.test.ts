import { errorsOf, t, TODAY } from '../../testing/schema-test-kit';
import { applicantSchema } from './applicant-details-schema';
import { validApplicant } from './schema-fixtures';

describe('email', () => {
  it('rejects an email that is not valid', async () => {
    const schema = applicantSchema(t, { today: TODAY, referralSourcesNeedingOther: [] });
    expect(await errorsOf(schema, { ...validApplicant, personalEmail: 'siti@' })).toEqual([
      'Please enter a valid personal email',
    ]);
    expect(await errorsOf(schema, validApplicant)).toEqual([]);
  });
});

describe('NRIC and passport', () => {
  const schema = applicantSchema(t, { today: TODAY, referralSourcesNeedingOther: [] });

  it('rejects an NRIC whose birth date does not exist', async () => {
    expect(await errorsOf(schema, { ...validApplicant, identityCardNo: '880231145678' })).toEqual([
      'Please enter a valid identity card number',
    ]);
  });

  it('rejects an NRIC with an unknown place-of-birth code', async () => {
    expect(await errorsOf(schema, { ...validApplicant, identityCardNo: '880101995678' })).toEqual([
      'Please enter a valid identity card number',
    ]);
  });

  it('accepts a passport as the alternative type, with birth date and gender given', async () => {
    const passport = {
      ...validApplicant,
      identityCardType: 'PASSPORT' as const,
      identityCardNo: 'A12345678',
    };
    expect(await errorsOf(schema, passport)).toEqual([
      'Please select date of birth',
      'Please select gender',
    ]);
    expect(
      await errorsOf(schema, { ...passport, dateOfBirth: '1985-04-02', gender: 'FEMALE' }),
    ).toEqual([]);
    expect(
      await errorsOf(schema, {
        ...passport,
        identityCardNo: 'A1',
        dateOfBirth: '1985-04-02',
        gender: 'FEMALE',
      }),
    ).toEqual(['Please enter a valid identity card number']);
  });
});

describe('referral source', () => {
  it('requires the other referral source text when the chosen source asks for it', async () => {
    const schema = applicantSchema(t, { today: TODAY, referralSourcesNeedingOther: ['9'] });
    expect(await errorsOf(schema, { ...validApplicant, referralSourceId: '9' })).toEqual([
      'Please enter your other referral source',
    ]);
    expect(
      await errorsOf(schema, {
        ...validApplicant,
        referralSourceId: '9',
        referralSourceOther: 'Roadshow',
      }),
    ).toEqual([]);
  });

  it('rejects a partner ID that is not valid, when one is given', async () => {
    const schema = applicantSchema(t, { today: TODAY, referralSourcesNeedingOther: [] });
    expect(await errorsOf(schema, { ...validApplicant, partnerId: 'P!' })).toEqual([
      'Please enter a valid partner ID',
    ]);
    expect(await errorsOf(schema, { ...validApplicant, partnerId: 'AGT-001' })).toEqual([]);
  });
});

describe('gross salary range and race', () => {
  it('requires a gross salary range and a race', async () => {
    const schema = applicantSchema(t, { today: TODAY, referralSourcesNeedingOther: [] });
    expect(
      await errorsOf(schema, { ...validApplicant, grossSalaryRangeCode: '', raceId: '' }),
    ).toEqual(['Please select race', 'Please select gross monthly salary range']);
  });
});
