import { errorsOf, t } from '../../testing/schema-test-kit';
import { loanSchema } from './loan-schema';

const validLoan = {
  amount: '10000',
  tenureMonths: '12',
  loanReasonId: '1',
  loanReasonOther: '',
  campaignCode: '',
};

describe('loan', () => {
  const schema = loanSchema(t, { reasonsNeedingOther: ['7'] });

  it('requires the amount, the period and the reason', async () => {
    expect(
      await errorsOf(schema, { ...validLoan, amount: '', tenureMonths: '', loanReasonId: '' }),
    ).toEqual([
      'Please enter your loan amount',
      'Please select tenure',
      'Please select loan reason',
    ]);
    expect(await errorsOf(schema, validLoan)).toEqual([]);
  });

  it('keeps the amount within RM5,000 to RM50,000', async () => {
    expect(await errorsOf(schema, { ...validLoan, amount: '4999.99' })).toEqual([
      'The loan amount must be at least RM 5,000.00',
    ]);
    expect(await errorsOf(schema, { ...validLoan, amount: '50000.01' })).toEqual([
      'The loan amount must be no more than RM 50,000.00',
    ]);
    expect(await errorsOf(schema, { ...validLoan, amount: '50000' })).toEqual([]);
  });

  it('keeps the tenure within 6 to 24 months', async () => {
    expect(await errorsOf(schema, { ...validLoan, tenureMonths: '25' })).toEqual([
      'Please enter a valid tenure',
    ]);
    expect(await errorsOf(schema, { ...validLoan, tenureMonths: '6' })).toEqual([]);
  });

  it('requires the other reason when the chosen reason asks for it', async () => {
    expect(await errorsOf(schema, { ...validLoan, loanReasonId: '7' })).toEqual([
      'Please enter your other loan reason',
    ]);
    expect(
      await errorsOf(schema, { ...validLoan, loanReasonId: '7', loanReasonOther: 'Renovation' }),
    ).toEqual([]);
  });

  it('rejects a campaign code with characters a code never has', async () => {
    expect(await errorsOf(schema, { ...validLoan, campaignCode: 'RAYA 2026!' })).toEqual([
      'Please enter a valid campaign code',
    ]);
    expect(await errorsOf(schema, { ...validLoan, campaignCode: 'RAYA2026' })).toEqual([]);
  });
});
