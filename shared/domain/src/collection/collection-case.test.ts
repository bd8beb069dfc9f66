import {
  caseBucket,
  DEFAULT_CASE_BUCKET_STARTS,
  isValidCaseBucketStarts,
  nextCaseAction,
} from './collection-case';

describe('collection case', () => {
  it('buckets an account by days past due, from the settings', () => {
    const starts = DEFAULT_CASE_BUCKET_STARTS;
    expect(caseBucket(0, starts)).toBeNull();
    expect(caseBucket(1, starts)).toBe('EARLY');
    expect(caseBucket(8, starts)).toBe('MIDDLE');
    expect(caseBucket(29, starts)).toBe('LATE');
    expect(caseBucket(61, starts)).toBe('SEVERE');
    expect(caseBucket(10, { MIDDLE: 15, LATE: 29, SEVERE: 90 })).toBe('EARLY');
    expect(isValidCaseBucketStarts({ MIDDLE: 29, LATE: 8, SEVERE: 61 })).toBe(false);
    expect(isValidCaseBucketStarts({ MIDDLE: 1, LATE: 8, SEVERE: 61 })).toBe(false);
  });

  it('names the next action and its date', () => {
    const base = {
      stage: 'IN_ARREARS' as const,
      bucket: 'EARLY' as const,
      asOf: '2026-02-28',
      openPromiseFor: null,
      terminationFrom: null,
      lastContactOn: null,
    };
    expect(nextCaseAction(base)).toEqual({ action: 'SEND_MESSAGE', on: '2026-02-28' });
    expect(nextCaseAction({ ...base, bucket: 'MIDDLE', lastContactOn: '2026-02-28' })).toEqual({
      action: 'CALL',
      on: '2026-03-01',
    });
    expect(nextCaseAction({ ...base, openPromiseFor: '2026-03-05' })).toEqual({
      action: 'AWAIT_PROMISE',
      on: '2026-03-06',
    });
    expect(nextCaseAction({ ...base, stage: 'READY_FOR_DEFAULT', bucket: 'LATE' })).toEqual({
      action: 'ISSUE_DEFAULT_NOTICE',
      on: '2026-02-28',
    });
    expect(
      nextCaseAction({
        ...base,
        stage: 'DEFAULT_NOTICE_ISSUED',
        bucket: 'LATE',
        terminationFrom: '2026-03-15',
      }),
    ).toEqual({ action: 'PROPOSE_TERMINATION', on: '2026-03-15' });
    expect(nextCaseAction({ ...base, stage: 'CURRENT', bucket: null })).toBeNull();
  });
});
