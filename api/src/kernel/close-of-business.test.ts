import { loansOfRun } from './close-of-business';

describe('the progress of a close of business', () => {
  it('counts each loan once, however many days the run closed', () => {
    // Three days of the same two loans, and a third loan paid out on the last day.
    expect(loansOfRun([{ loans: 2 }, { loans: 2 }, { loans: 3 }])).toBe(3);
    expect(loansOfRun([])).toBe(0);
  });
});
