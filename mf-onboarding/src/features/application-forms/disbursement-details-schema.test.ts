import { errorsOf, t } from '../../testing/schema-test-kit';
import { disbursementSchema } from './disbursement-details-schema';

describe('generic messages of spec section 5', () => {
  it('asks to select a missing choice', async () => {
    expect(
      await errorsOf(disbursementSchema(t), {
        bankId: '',
        accountName: 'Maju Sdn Bhd',
        accountNumber: '123456789',
      }),
    ).toEqual(['Please select company bank']);
    expect(
      await errorsOf(disbursementSchema(t), {
        bankId: '1',
        accountName: 'Maju Sdn Bhd',
        accountNumber: '123456789',
      }),
    ).toEqual([]);
  });

  it('refuses fewer characters than the minimum', async () => {
    expect(
      await errorsOf(disbursementSchema(t), {
        bankId: '1',
        accountName: 'M',
        accountNumber: '123456789',
      }),
    ).toEqual(['at least 2 characters']);
  });

  it('accepts digits 0-9 only in numeric fields', async () => {
    expect(
      await errorsOf(disbursementSchema(t), {
        bankId: '1',
        accountName: 'Maju',
        accountNumber: '12345A789',
      }),
    ).toEqual(['Numbers 0-9 only']);
  });
});

describe('bank account', () => {
  it('rejects a bank account number that is not 6 to 20 digits', async () => {
    expect(
      await errorsOf(disbursementSchema(t), {
        bankId: '1',
        accountName: 'Maju',
        accountNumber: '12345',
      }),
    ).toEqual(['Please enter a valid company account number']);
    expect(
      await errorsOf(disbursementSchema(t), {
        bankId: '1',
        accountName: 'Maju',
        accountNumber: '123456',
      }),
    ).toEqual([]);
  });
});
