// The JomPAY biller file as the sandbox bank produces it, in the shape of the banks' daily JomPAY
// biller reports: one header, one detail line per credit, one trailer; fields separated by `|`,
// lines by CRLF or LF; amounts in ringgit with two decimals; dates YYYYMMDD, times HHMMSS in
// Malaysia time.
//   H|<biller code>|<file date>|<bank code>
//   D|<seq>|<transaction ref>|<date>|<time>|<ref-1>|<ref-2>|<amount>|<payer bank>
//   T|<detail count>|<total amount>
// The trailer guards against a truncated file: its count and total must match the details.
import type { JompayFileError } from '@lending/contracts';
import { malaysiaInstant, malaysiaWallTime } from '@lending/domain';

export const SANDBOX_BANK_CODE = 'SBOX';

export interface JompayCredit {
  lineNo: number;
  /** The bank's transaction reference: unique per credit. */
  transactionRef: string;
  ref1: string;
  ref2: string;
  /** Sen; may be zero or negative in a bad line (refused at import). */
  amountSen: number;
  paidAt: Date;
}

export type DetailLine =
  | { ok: true; credit: JompayCredit }
  | { ok: false; lineNo: number; transactionRef: string | null; ref1: string | null };

export type JompayFile =
  | { ok: true; billerCode: string; fileDate: string; lines: DetailLine[] }
  | { ok: false; error: JompayFileError; billerCode: string | null; fileDate: string | null };

const AMOUNT = /^(-?)(\d{1,9})\.(\d{2})$/;
const DATE = /^(\d{4})(\d{2})(\d{2})$/;
const TIME = /^(\d{2})(\d{2})(\d{2})$/;
const TRANSACTION_REF = /^[A-Za-z0-9]{6,30}$/;

/** Ringgit with two decimals to sen, in integers: never through a float. */
export function amountToSen(text: string): number | null {
  const match = AMOUNT.exec(text.trim());
  if (!match) return null;
  const sen = Number(match[2]) * 100 + Number(match[3]);
  return match[1] === '-' ? -sen : sen;
}

export function senToAmount(sen: number): string {
  const sign = sen < 0 ? '-' : '';
  const whole = Math.abs(sen);
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

function isoDateOf(text: string): string | null {
  const match = DATE.exec(text);
  if (!match) return null;
  const iso = `${match[1]}-${match[2]}-${match[3]}`;
  const parsed = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(iso) ? iso : null;
}

function instantOf(date: string, time: string): Date | null {
  const iso = isoDateOf(date);
  const clock = TIME.exec(time);
  if (!iso || !clock || Number(clock[1]) > 23 || Number(clock[2]) > 59 || Number(clock[3]) > 59) {
    return null;
  }
  return malaysiaInstant(iso, `${clock[1]}:${clock[2]}:${clock[3]}`);
}

function detail(fields: string[], lineNo: number): DetailLine {
  const [, , transactionRef, date, time, ref1, ref2, amount] = fields;
  const bad = {
    ok: false as const,
    lineNo,
    transactionRef: transactionRef?.trim() || null,
    ref1: ref1?.trim() || null,
  };
  if (fields.length !== 9) return bad;
  const amountSen = amountToSen(amount!);
  const paidAt = instantOf(date!.trim(), time!.trim());
  if (amountSen === null || !paidAt || !TRANSACTION_REF.test(transactionRef!.trim())) return bad;
  return {
    ok: true,
    credit: {
      lineNo,
      transactionRef: transactionRef!.trim(),
      ref1: ref1!.trim(),
      ref2: ref2!.trim(),
      amountSen,
      paidAt,
    },
  };
}

/** Reads a biller file; a bad detail line is reported as such, a bad frame refuses the file. */
export function parseJompayFile(content: string, expectedBillerCode: string): JompayFile {
  const rows = content
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
  if (rows.length === 0)
    return { ok: false, error: 'EMPTY_FILE', billerCode: null, fileDate: null };
  const header = rows[0]!.split('|');
  const fileDate = header[0] === 'H' && header.length === 4 ? isoDateOf(header[2]!.trim()) : null;
  if (!fileDate) return { ok: false, error: 'BAD_HEADER', billerCode: null, fileDate: null };
  const billerCode = header[1]!.trim();
  if (billerCode !== expectedBillerCode) {
    return { ok: false, error: 'WRONG_BILLER', billerCode, fileDate };
  }
  const trailer = rows.at(-1)!.split('|');
  if (rows.length < 2 || trailer[0] !== 'T' || trailer.length !== 3) {
    return { ok: false, error: 'BAD_TRAILER', billerCode, fileDate };
  }
  const lines: DetailLine[] = [];
  let totalSen = 0;
  rows.slice(1, -1).forEach((row, index) => {
    const line = detail(row.split('|'), index + 1);
    if (row.split('|')[0] !== 'D') {
      lines.push({ ok: false, lineNo: index + 1, transactionRef: null, ref1: null });
      return;
    }
    lines.push(line);
    // The bank's total is of every amount it listed, readable or not.
    const amount = amountToSen(row.split('|')[7] ?? '');
    if (amount !== null) totalSen += amount;
  });
  const count = Number(trailer[1]);
  const total = amountToSen(trailer[2]!);
  if (!Number.isInteger(count) || count !== lines.length || total === null || total !== totalSen) {
    return { ok: false, error: 'TRAILER_MISMATCH', billerCode, fileDate };
  }
  return { ok: true, billerCode, fileDate, lines };
}

/** The parts of an instant in Malaysia time: YYYYMMDD and HHMMSS. */
function malaysiaParts(at: Date): { date: string; time: string } {
  const local = malaysiaWallTime(at);
  return {
    date: local.slice(0, 10).replaceAll('-', ''),
    time: local.slice(11, 19).replaceAll(':', ''),
  };
}

/** Writes a biller file the way the sandbox bank does. */
export function writeJompayFile(input: {
  billerCode: string;
  fileDate: Date;
  credits: readonly Omit<JompayCredit, 'lineNo'>[];
}): string {
  const rows = [`H|${input.billerCode}|${malaysiaParts(input.fileDate).date}|${SANDBOX_BANK_CODE}`];
  input.credits.forEach((credit, index) => {
    const { date, time } = malaysiaParts(credit.paidAt);
    rows.push(
      [
        'D',
        index + 1,
        credit.transactionRef,
        date,
        time,
        credit.ref1,
        credit.ref2,
        senToAmount(credit.amountSen),
        SANDBOX_BANK_CODE,
      ].join('|'),
    );
  });
  const total = input.credits.reduce((sum, credit) => sum + credit.amountSen, 0);
  rows.push(`T|${input.credits.length}|${senToAmount(total)}`);
  return `${rows.join('\r\n')}\r\n`;
}
