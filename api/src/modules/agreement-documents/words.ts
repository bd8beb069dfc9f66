// Amounts in words, as the first schedule states the principal "in words and figures".
import type { Sen } from '@lending/domain';

const MS_UNITS = ['', 'satu', 'dua', 'tiga', 'empat', 'lima', 'enam', 'tujuh', 'lapan', 'sembilan'];
const EN_UNITS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const EN_TENS = [
  '',
  '',
  'twenty',
  'thirty',
  'forty',
  'fifty',
  'sixty',
  'seventy',
  'eighty',
  'ninety',
];

function malayBelowThousand(n: number): string {
  const parts: string[] = [];
  const hundreds = Math.trunc(n / 100);
  const rest = n % 100;
  if (hundreds === 1) parts.push('seratus');
  else if (hundreds > 1) parts.push(`${MS_UNITS[hundreds]} ratus`);
  if (rest >= 20) {
    parts.push(`${MS_UNITS[Math.trunc(rest / 10)]} puluh`);
    if (rest % 10) parts.push(MS_UNITS[rest % 10]!);
  } else if (rest >= 12) {
    parts.push(`${MS_UNITS[rest - 10]} belas`);
  } else if (rest === 11) {
    parts.push('sebelas');
  } else if (rest === 10) {
    parts.push('sepuluh');
  } else if (rest > 0) {
    parts.push(MS_UNITS[rest]!);
  }
  return parts.join(' ');
}

function malayNumber(n: number): string {
  if (n === 0) return 'kosong';
  const parts: string[] = [];
  const millions = Math.trunc(n / 1_000_000);
  const thousands = Math.trunc((n % 1_000_000) / 1000);
  const rest = n % 1000;
  if (millions) parts.push(`${malayBelowThousand(millions)} juta`);
  if (thousands === 1) parts.push('seribu');
  else if (thousands) parts.push(`${malayBelowThousand(thousands)} ribu`);
  if (rest) parts.push(malayBelowThousand(rest));
  return parts.join(' ');
}

function englishBelowThousand(n: number): string {
  const parts: string[] = [];
  const hundreds = Math.trunc(n / 100);
  const rest = n % 100;
  if (hundreds) parts.push(`${EN_UNITS[hundreds]} hundred`);
  if (rest) {
    const words =
      rest < 20
        ? EN_UNITS[rest]!
        : `${EN_TENS[Math.trunc(rest / 10)]}${rest % 10 ? `-${EN_UNITS[rest % 10]}` : ''}`;
    parts.push(hundreds ? `and ${words}` : words);
  }
  return parts.join(' ');
}

function englishNumber(n: number): string {
  if (n === 0) return 'zero';
  const parts: string[] = [];
  const millions = Math.trunc(n / 1_000_000);
  const thousands = Math.trunc((n % 1_000_000) / 1000);
  const rest = n % 1000;
  if (millions) parts.push(`${englishBelowThousand(millions)} million`);
  if (thousands) parts.push(`${englishBelowThousand(thousands)} thousand`);
  if (rest) parts.push(englishBelowThousand(rest));
  return parts.join(' ');
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "Ringgit Malaysia sepuluh ribu sahaja" / "Ringgit Malaysia ten thousand only". */
export function ringgitInWords(sen: Sen, language: 'ms' | 'en'): string {
  const ringgit = Math.trunc(sen / 100);
  const cents = sen % 100;
  if (language === 'ms') {
    const words = `Ringgit Malaysia ${malayNumber(ringgit)}${cents ? ` dan sen ${malayNumber(cents)}` : ''} sahaja`;
    return capitalised(words);
  }
  return `Ringgit Malaysia ${englishNumber(ringgit)}${cents ? ` and cents ${englishNumber(cents)}` : ''} only`;
}
