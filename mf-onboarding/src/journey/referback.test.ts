import { draftApplication } from '../testing/test-harness';
import { mayChange, referbackOf, referredItems } from './referback';

const referred = draftApplication({ status: 'REFERBACK', applicationStatus: 'REFERBACK' });
const items = [
  { kind: 'section' as const, target: 'disbursement', reason: 'Account name differs' },
  { kind: 'document' as const, target: 'BANK_STATEMENT', reason: 'Bank statement unreadable' },
];

describe('what a referred-back applicant may change', () => {
  it('lets a draft change anything and a submitted application nothing', () => {
    const none = referbackOf(draftApplication(), undefined);
    expect(none).toEqual({ status: 'none' });
    expect(mayChange(draftApplication(), none, { kind: 'section', target: 'company' })).toBe(true);
    const pending = draftApplication({ status: 'PENDING', applicationStatus: 'PENDING' });
    expect(mayChange(pending, none, { kind: 'section', target: 'company' })).toBe(false);
  });

  it('opens only the sections and documents the lender listed', () => {
    const referback = referbackOf(referred, items);
    expect(mayChange(referred, referback, { kind: 'section', target: 'disbursement' })).toBe(true);
    expect(mayChange(referred, referback, { kind: 'section', target: 'company' })).toBe(false);
    expect(mayChange(referred, referback, { kind: 'section', target: 'loan' })).toBe(false);
    expect(mayChange(referred, referback, { kind: 'document', target: 'BANK_STATEMENT' })).toBe(
      true,
    );
    expect(mayChange(referred, referback, { kind: 'document', target: 'SSM_DOCUMENT' })).toBe(
      false,
    );
    expect(referredItems(referback, { kind: 'section', target: 'disbursement' })).toEqual([
      items[0],
    ]);
  });

  it('keeps everything closed while the list is loading, and open when the lender left none', () => {
    const loading = referbackOf(referred, undefined);
    expect(loading).toEqual({ status: 'loading' });
    expect(mayChange(referred, loading, { kind: 'section', target: 'disbursement' })).toBe(false);
    const noList = referbackOf(referred, null);
    expect(mayChange(referred, noList, { kind: 'section', target: 'company' })).toBe(true);
  });
});
