/** An amount of money in sen (RM1 = 100 sen): always a safe integer, never a float. */
export type Sen = number;

/** A rate in basis points: 1 bp = 0.01%, so 1680 bp = 16.8%. */
export type BasisPoints = number;

export const SEN_PER_RINGGIT = 100;
export const BASIS_POINTS_PER_UNIT = 10_000;

export function isSen(value: unknown): value is Sen {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

/** Throws a RangeError unless `value` is a whole number of sen. */
export function assertSen(value: number, label = 'amount'): Sen {
  if (!isSen(value)) throw new RangeError(`${label} must be a whole number of sen, got ${value}`);
  return value;
}

/** Throws a RangeError unless `value` is a whole, non-negative number of basis points. */
export function assertBasisPoints(value: number, label = 'rate'): BasisPoints {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(
      `${label} must be a whole, non-negative number of basis points, got ${value}`,
    );
  }
  return value;
}

/** `numerator / denominator` rounded to the nearest integer, halves away from zero. */
export function divideRoundHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('division by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = (n * 2n + d) / (d * 2n);
  return negative ? -quotient : quotient;
}

/** `numerator / denominator` rounded up, for non-negative operands. */
export function divideRoundUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n || numerator < 0n) throw new RangeError('expected non-negative operands');
  return (numerator + denominator - 1n) / denominator;
}

/** A BigInt result back to sen, refusing anything beyond the safe integer range. */
export function senFromBigInt(value: bigint): Sen {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError('amount out of range');
  }
  return Number(value);
}

/** `amount x rate`, rounded half up to the sen. */
export function applyRate(amountSen: Sen, rateBp: BasisPoints): Sen {
  assertSen(amountSen);
  assertBasisPoints(rateBp);
  return senFromBigInt(
    divideRoundHalfUp(BigInt(amountSen) * BigInt(rateBp), BigInt(BASIS_POINTS_PER_UNIT)),
  );
}

export type RinggitParseResult =
  { ok: true; sen: Sen } | { ok: false; reason: 'format' | 'precision' };

const RINGGIT_PATTERN = /^(-)?(?:RM\s*)?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?$/i;

/**
 * Reads a decimal ringgit amount ("12345.67", "12,345.6", "RM 5,000") as sen without going
 * through floating point. More than two decimal places is refused rather than rounded.
 */
export function parseRinggit(input: string): RinggitParseResult {
  const match = RINGGIT_PATTERN.exec(input.trim());
  if (!match) return { ok: false, reason: 'format' };
  const [, minus, whole = '', fraction = ''] = match;
  if (fraction.length > 2) return { ok: false, reason: 'precision' };
  const sen = BigInt(whole.replace(/,/g, '')) * 100n + BigInt(fraction.padEnd(2, '0'));
  if (sen > BigInt(Number.MAX_SAFE_INTEGER)) return { ok: false, reason: 'format' };
  const value = Number(sen);
  return { ok: true, sen: minus && value !== 0 ? -value : value };
}

/** Like `parseRinggit`, throwing a RangeError on input that is not a ringgit amount. */
export function ringgitToSen(input: string): Sen {
  const result = parseRinggit(input);
  if (!result.ok) throw new RangeError(`not a ringgit amount (${result.reason}): "${input}"`);
  return result.sen;
}

/** Sen as a plain decimal string, e.g. 1234567 -> "12345.67" (for inputs and exports). */
export function senToRinggitString(sen: Sen): string {
  assertSen(sen);
  const sign = sen < 0 ? '-' : '';
  const abs = Math.abs(sen);
  const whole = Math.trunc(abs / 100);
  const fraction = String(abs % 100).padStart(2, '0');
  return `${sign}${whole}.${fraction}`;
}

/** Display form: 1234567 -> "RM 12,345.67"; -1234567 -> "-RM 12,345.67". */
export function formatRinggit(sen: Sen): string {
  const decimal = senToRinggitString(sen);
  const negative = decimal.startsWith('-');
  const [whole = '0', fraction = '00'] = (negative ? decimal.slice(1) : decimal).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}RM ${grouped}.${fraction}`;
}
