import { borrowerName } from './borrower-name';

describe('borrowerName', () => {
  it('names a company by its registered name, not the person who applied', () => {
    expect(
      borrowerName({
        organizationType: 'COMPANY',
        companyName: 'Kedai Maju Sdn. Bhd.',
        applicantName: 'Aminah binti Ali',
      }),
    ).toBe('Kedai Maju Sdn. Bhd.');
  });

  it('names a partnership by its registered name', () => {
    expect(
      borrowerName({
        organizationType: 'PARTNERSHIP',
        companyName: 'Tan & Lim Enterprise',
        applicantName: 'Tan Ah Kow',
      }),
    ).toBe('Tan & Lim Enterprise');
  });

  it('names a sole proprietor as the person trading as the business', () => {
    expect(
      borrowerName({
        organizationType: 'SOLE_PROP',
        companyName: 'Aminah Catering',
        applicantName: 'Aminah binti Ali',
      }),
    ).toBe('Aminah binti Ali t/a Aminah Catering');
  });

  it('trims the parts and does not leave a dangling "t/a" when one is missing', () => {
    expect(
      borrowerName({
        organizationType: 'SOLE_PROP',
        companyName: '  Aminah Catering ',
        applicantName: ' Aminah binti Ali ',
      }),
    ).toBe('Aminah binti Ali t/a Aminah Catering');
    expect(
      borrowerName({
        organizationType: 'SOLE_PROP',
        companyName: 'Aminah Catering',
        applicantName: '',
      }),
    ).toBe('Aminah Catering');
  });

  it('leaves the name blank when the business has none, for an incomplete record to be refused', () => {
    expect(
      borrowerName({ organizationType: 'SOLE_PROP', companyName: ' ', applicantName: 'Aminah' }),
    ).toBe('');
    expect(
      borrowerName({ organizationType: 'COMPANY', companyName: '', applicantName: 'Aminah' }),
    ).toBe('');
  });
});
