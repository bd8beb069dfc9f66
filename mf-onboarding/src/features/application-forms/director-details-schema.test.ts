import { errorsOf, t } from '../../testing/schema-test-kit';
import { peopleSchema } from './director-details-schema';
import { person } from './schema-fixtures';

describe('generic messages of spec section 5', () => {
  it('requires an identity card number of exactly 12 digits for a director', async () => {
    const schema = peopleSchema(t, { organizationType: 'COMPANY' });
    expect(
      await errorsOf(schema, { people: [{ ...person, identityCardNo: '90050510543' }] }),
    ).toEqual(['The identity card number must be exactly 12 digits']);
    expect(await errorsOf(schema, { people: [person] })).toEqual([]);
  });

  it('takes a director’s IC typed with hyphens: they do not count toward the 12 digits', async () => {
    const schema = peopleSchema(t, { organizationType: 'COMPANY' });
    const typed = (identityCardNo: string) => ({ people: [{ ...person, identityCardNo }] });
    expect(await errorsOf(schema, typed('900505-10-5431'))).toEqual([]);
    expect(await errorsOf(schema, typed('900505-10-543'))).toEqual([
      'The identity card number must be exactly 12 digits',
    ]);
    // The applicant's rule: a number whose date does not exist is no NRIC.
    expect(await errorsOf(schema, typed('901305-10-5431'))).toEqual([
      'Please enter a valid identity card number',
    ]);
  });
});

describe('partners and directors', () => {
  it('requires at least 2 partners for a partnership', async () => {
    const schema = peopleSchema(t, { organizationType: 'PARTNERSHIP' });
    expect(await errorsOf(schema, { people: [person] })).toEqual([
      'Please add at least 2 partners',
    ]);
    expect(await errorsOf(schema, { people: [person, { ...person, name: 'Tan Ah Kow' }] })).toEqual(
      [],
    );
  });

  it('requires at least 1 director for a company', async () => {
    const schema = peopleSchema(t, { organizationType: 'COMPANY' });
    expect(await errorsOf(schema, { people: [] })).toEqual(['Please add at least 1 director']);
    expect(await errorsOf(schema, { people: [person] })).toEqual([]);
  });
});
