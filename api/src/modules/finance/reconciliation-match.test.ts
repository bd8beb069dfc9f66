import { matchReport, readSettlementCsv } from './reconciliation-match';

const at = new Date('2026-03-03T02:00:00Z');
const report = (txnId: string, amountSen: number) => ({
  txnId,
  orderId: `O${txnId}`,
  amountSen,
  channel: 'FPX' as const,
  paidAt: at,
});
const booked = (id: string, txnId: string, amountSen: number) => ({
  id,
  txnId,
  orderId: `O${txnId}`,
  amountSen,
  paidAt: at,
});

describe('matching a settlement report with the payments booked', () => {
  it('takes a booked payment once: the same reference reported twice is money arrived twice', () => {
    const one = booked('p1', 'T1', 500);
    const lines = matchReport([report('T1', 500), report('T1', 500)], [one], [one]);
    expect(lines.map((line) => line.kind)).toEqual(['MATCHED', 'REPORT_ONLY']);
  });

  it('matches a payment booked outside the span by its reference, never listing it as missing', () => {
    const earlier = booked('p0', 'T0', 700);
    const inSpan = booked('p2', 'T2', 900);
    const lines = matchReport([report('T0', 650)], [earlier, inSpan], [inSpan]);
    expect(lines.map((line) => [line.kind, line.booked?.id])).toEqual([
      ['AMOUNT_DIFFERENCE', 'p0'],
      ['BOOKS_ONLY', 'p2'],
    ]);
  });

  it('never matches by amount alone', () => {
    const payment = booked('p3', 'T3', 1_000);
    const lines = matchReport([report('OTHER', 1_000)], [payment], [payment]);
    expect(lines.map((line) => line.kind)).toEqual(['REPORT_ONLY', 'BOOKS_ONLY']);
  });
});

describe('reading an uploaded settlement report', () => {
  const header = 'txn_id,order_id,amount,currency,channel,paid_at';

  it('reads ringgit to sen, the channel and the Malaysia payment time, a BOM and CRLF allowed', () => {
    const text = `\uFEFF${header}\r\n123,ORD1,516.7,MYR,credit,2026-03-03 10:00:00\r\n\r\n`;
    expect(readSettlementCsv(text, '2026-03-03', '2026-03-03')).toEqual([
      {
        txnId: '123',
        orderId: 'ORD1',
        amountSen: 51_670,
        channel: 'CARD',
        paidAt: new Date('2026-03-03T02:00:00Z'),
      },
    ]);
  });

  it.each([
    ['a negative amount', '123,ORD1,-5.00,MYR,fpx,2026-03-03 10:00:00'],
    ['another currency', '123,ORD1,5.00,SGD,fpx,2026-03-03 10:00:00'],
    ['an unknown channel', '123,ORD1,5.00,MYR,cash,2026-03-03 10:00:00'],
    ['no time', '123,ORD1,5.00,MYR,fpx,2026-03-03'],
    ['a column short', '123,5.00,MYR,fpx,2026-03-03 10:00:00'],
    ['a reference with spaces', '12 3,ORD1,5.00,MYR,fpx,2026-03-03 10:00:00'],
  ])('refuses %s, naming the line', (_what, row) => {
    expect(() => readSettlementCsv(`${header}\n${row}`, '2026-03-03', '2026-03-03')).toThrow(
      'Line 2 of the report is not a settlement line',
    );
  });
});
