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
