import { FIELD_LIMITS } from '@lending/domain';

import { errorsOf, t } from '../../testing/schema-test-kit';
import { addressSchema } from './address-schema';
import { address } from './schema-fixtures';

describe('generic messages of spec section 5', () => {
  it('refuses more characters than the maximum', async () => {
    const max = FIELD_LIMITS.addressLine;
    const errors = await errorsOf(addressSchema(t), { ...address, line1: 'x'.repeat(max + 1) });
    expect(errors).toEqual([`no more than ${max}`]);
    expect(await errorsOf(addressSchema(t), { ...address, line1: 'x'.repeat(max) })).toEqual([]);
  });

  it('accepts digits 0-9 only in numeric fields', async () => {
    expect(await errorsOf(addressSchema(t), { ...address, postcode: '5O450' })).toContain(
      'Numbers 0-9 only',
    );
  });
});

describe('postcode', () => {
  it('requires a postcode of five digits', async () => {
    expect(await errorsOf(addressSchema(t), { ...address, postcode: '' })).toEqual([
      'Please enter your postcode',
    ]);
    expect(await errorsOf(addressSchema(t), { ...address, postcode: '5045' })).toEqual([
      'Please enter a valid postcode',
    ]);
    expect(await errorsOf(addressSchema(t), address)).toEqual([]);
  });
});
