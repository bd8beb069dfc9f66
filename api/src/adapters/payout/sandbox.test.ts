import { fixedClock } from '../../kernel/clock';
import { databases, openTestDatabase, type TestDatabase } from '../../testing/test-db';
import type { PayoutRequest } from './port';
import { PAYOUT_REJECTIONS, SANDBOX_TRANSFER_LIMIT_SEN, sandboxPayout } from './sandbox';
import { createSandboxPayoutStore } from './sandbox-store';

const REQUEST: PayoutRequest = {
  reference: 'AGR-AC-2026-000042-01',
  amountSen: 925_000,
  beneficiaryName: 'Kedai Runcit Aminah',
  bankSwiftCode: 'MBBEMYKL',
  accountNo: '5123456789012',
  narrative: 'Loan AGR-AC-2026-000042-01',
};

describe.each(databases())('the sandbox payout bank (%s)', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database.close());
  const bank = () =>
    sandboxPayout({ store: createSandboxPayoutStore(database.db.orm), clock: fixedClock() });

  let n = 0;
  const request = (changes: Partial<PayoutRequest>): PayoutRequest => {
    n += 1;
    return { ...REQUEST, reference: `REF-${process.pid}-${n}`, ...changes };
  };

  it('accepts a transfer once and answers the same reference with the same answer', async () => {
    const first = await bank().send(request({ reference: 'ONCE-1' }));
    expect(first.status).toBe('ACCEPTED');
    // Another process's provider, the same ledger: a duplicate reference moves nothing.
    const again = await bank().send(request({ reference: 'ONCE-1', amountSen: 1 }));
    expect(again).toEqual(first);
    const ledger = (await bank().ledger()).filter((row) => row.reference === 'ONCE-1');
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ amountSen: 925_000, accountLast4: '9012' });
  });

  it.each([
    [{ bankSwiftCode: 'NOTABANK' }, PAYOUT_REJECTIONS.unknownBank],
    [{ accountNo: '12-34' }, PAYOUT_REJECTIONS.invalidAccount],
    [{ accountNo: '5123450000' }, PAYOUT_REJECTIONS.noSuchAccount],
    [{ accountNo: '5123459999' }, PAYOUT_REJECTIONS.closedAccount],
    [{ amountSen: 0 }, PAYOUT_REJECTIONS.invalidAmount],
    [{ amountSen: SANDBOX_TRANSFER_LIMIT_SEN + 1 }, PAYOUT_REJECTIONS.overLimit],
    [{ beneficiaryName: '  ' }, PAYOUT_REJECTIONS.noBeneficiary],
  ])('rejects %j: %s', async (changes, reason) => {
    const answer = await bank().send(request(changes));
    expect(answer).toMatchObject({ status: 'REJECTED', reason });
  });
});
