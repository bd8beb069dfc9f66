// Reading an uploaded configuration file before it is kept: a holiday calendar (CSV `date,name`
// or iCalendar) or a bank list (CSV `code,name,swiftCode`). Every bad line is reported, not just
// the first, so an admin fixes the file in one go.
import type { MasterFileProblem, MasterFileProblemCode } from '@lending/contracts';
import { isIsoDate, malaysiaDate } from '@lending/domain';

export interface Holiday {
  date: string;
  name: string;
}

export interface BankEntry {
  code: string;
  name: string;
  swiftCode: string;
}

export type Read<T> = { items: T[]; problems: MasterFileProblem[] };

/** The settings keep at most this many public holidays. */
export const MAX_HOLIDAYS = 100;
const MAX_BANKS = 200;
const MAX_NAME = 120;
/** Enough to fix a file by; past this the list only grows. */
const MAX_PROBLEMS = 50;
/** A calendar for a year the business could not be open in is a typing mistake. */
const FIRST_YEAR = 2000;
const LAST_YEAR = 2100;
const BANK_CODE = /^[A-Z0-9_]{2,20}$/;
/** A Malaysian bank's BIC: institution, country MY, location, optional branch. */
const MALAYSIAN_SWIFT = /^[A-Z]{4}MY[A-Z0-9]{2}([A-Z0-9]{3})?$/;
/** Time zones whose wall-clock date is a date in Malaysia. */
const MALAYSIAN_ZONES = new Set(['Asia/Kuala_Lumpur', 'Asia/Kuching']);

function problem(line: number, code: MasterFileProblemCode, text = ''): MasterFileProblem {
  return { line, problem: code, text: text.slice(0, 120) };
}

/** The text of a file as UTF-8 without a byte-order mark, or null when it is not text. */
export function textOf(bytes: Buffer): string | null {
  const text = bytes.toString('utf8');
  // Replacement characters mean bytes that are not UTF-8; NUL means a binary file.
  if (text.includes('\uFFFD') || text.includes('\u0000')) return null;
  return text.replace(/^\uFEFF/, '');
}

/** One CSV record's fields (RFC 4180 quoting), or null when a quote is left open. */
export function csvFields(line: string): string[] | null {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let at = 0; at < line.length; at += 1) {
    const char = line[at]!;
    if (quoted) {
      if (char === '"' && line[at + 1] === '"') {
        field += '"';
        at += 1;
      } else if (char === '"') {
        quoted = false;
      } else {
        field += char;
      }
    } else if (char === '"' && field.trim() === '') {
      quoted = true;
      field = '';
    } else if (char === ',') {
      fields.push(field.trim());
      field = '';
    } else {
      field += char;
    }
  }
  if (quoted) return null;
  fields.push(field.trim());
  return fields;
}

/** The CSV's records after its header, with their 1-based line numbers; blank lines skipped. */
function csvRecords(
  text: string,
  header: readonly string[],
): {
  records: { line: number; text: string; fields: string[] | null }[];
  problems: MasterFileProblem[];
} {
  const lines = text.split(/\r?\n/);
  const first = lines.findIndex((line) => line.trim() !== '');
  if (first < 0) return { records: [], problems: [problem(0, 'EMPTY')] };
  const found = (csvFields(lines[first]!) ?? []).map((field) => field.toLowerCase());
  if (found.join(',') !== header.map((name) => name.toLowerCase()).join(',')) {
    return { records: [], problems: [problem(first + 1, 'HEADER', lines[first])] };
  }
  const records = lines
    .map((line, index) => ({ line: index + 1, text: line, fields: csvFields(line) }))
    .slice(first + 1)
    .filter((record) => record.text.trim() !== '');
  return { records, problems: [] };
}

function checkName(name: string): boolean {
  return name.length > 0 && name.length <= MAX_NAME;
}

function inRange(date: string): boolean {
  const year = Number(date.slice(0, 4));
  return isIsoDate(date) && year >= FIRST_YEAR && year <= LAST_YEAR;
}

function finish<T>(items: T[], problems: MasterFileProblem[], max: number): Read<T> {
  if (problems.length === 0 && items.length === 0) problems.push(problem(0, 'EMPTY'));
  if (items.length > max) problems.push(problem(0, 'TOO_MANY', String(items.length)));
  return { items, problems: problems.slice(0, MAX_PROBLEMS) };
}

function holidaysFromCsv(text: string): Read<Holiday> {
  const { records, problems } = csvRecords(text, ['date', 'name']);
  const items: Holiday[] = [];
  const seen = new Set<string>();
  for (const record of records) {
    const fields = record.fields;
    if (!fields || fields.length !== 2) {
      problems.push(problem(record.line, 'COLUMNS', record.text));
      continue;
    }
    const [date, name] = fields as [string, string];
    if (!inRange(date)) problems.push(problem(record.line, 'DATE', record.text));
    else if (!checkName(name)) problems.push(problem(record.line, 'NAME', record.text));
    else if (seen.has(date)) problems.push(problem(record.line, 'DUPLICATE', record.text));
    else {
      seen.add(date);
      items.push({ date, name });
    }
  }
  return finish(items, problems, MAX_HOLIDAYS);
}

/** An iCalendar text value: escapes undone (RFC 5545 3.3.11). */
function icsText(value: string): string {
  return value
    .replace(/\\[nN]/g, ' ')
    .replace(/\\([\\;,])/g, '$1')
    .trim();
}

/**
 * The Malaysian date a DTSTART stands for: an all-day date as it is, a UTC time moved to
 * Malaysia's clock, a local time in a Malaysian zone (or floating, which the calendar means as
 * local) by its date. Null for anything else, another country's zone included.
 */
function icsDate(params: string, value: string): string | null {
  const day = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  if (day) return `${day[1]}-${day[2]}-${day[3]}`;
  const time = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(Z?)$/.exec(value);
  if (!time) return null;
  const [, year, month, date, hour, minute, second, utc] = time;
  if (utc) {
    const at = new Date(`${year}-${month}-${date}T${hour}:${minute}:${second}Z`);
    return Number.isNaN(at.getTime()) ? null : malaysiaDate(at);
  }
  const zone = /(?:^|;)TZID=([^;:]+)/i.exec(params)?.[1];
  if (zone && !MALAYSIAN_ZONES.has(zone.replace(/^"|"$/g, ''))) return null;
  return `${year}-${month}-${date}`;
}

function holidaysFromIcs(text: string): Read<Holiday> {
  // Unfolding (RFC 5545 3.1): a line starting with a space or a tab continues the one before.
  const lines: { line: number; text: string }[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    if (/^[ \t]/.test(raw) && lines.length > 0) lines[lines.length - 1]!.text += raw.slice(1);
    else lines.push({ line: index + 1, text: raw });
  });
  const items: Holiday[] = [];
  const problems: MasterFileProblem[] = [];
  const seen = new Set<string>();
  let event: {
    line: number;
    start?: { line: number; text: string; date: string | null };
    name?: string;
  } | null = null;
  for (const { line, text: content } of lines) {
    const upper = content.toUpperCase();
    if (upper === 'BEGIN:VEVENT') {
      event = { line };
      continue;
    }
    if (!event) continue;
    if (upper === 'END:VEVENT') {
      const start = event.start;
      const name = event.name ?? '';
      if (!start) problems.push(problem(event.line, 'DATE', 'BEGIN:VEVENT'));
      else if (!start.date || !inRange(start.date))
        problems.push(problem(start.line, 'DATE', start.text));
      else if (!checkName(name)) problems.push(problem(event.line, 'NAME', `SUMMARY:${name}`));
      else if (seen.has(start.date)) problems.push(problem(start.line, 'DUPLICATE', start.text));
      else {
        seen.add(start.date);
        items.push({ date: start.date, name });
      }
      event = null;
      continue;
    }
    const colon = content.indexOf(':');
    if (colon < 0) continue;
    const [property, ...params] = content.slice(0, colon).split(';');
    const value = content.slice(colon + 1).trim();
    if (property!.toUpperCase() === 'DTSTART') {
      event.start = { line, text: content, date: icsDate(params.join(';'), value) };
    } else if (property!.toUpperCase() === 'SUMMARY') {
      event.name = icsText(value);
    }
  }
  return finish(
    items.sort((a, b) => a.date.localeCompare(b.date)),
    problems,
    MAX_HOLIDAYS,
  );
}

/** A public-holiday calendar: iCalendar when it says so, else CSV `date,name`. */
export function readHolidays(
  bytes: Buffer,
): Read<Holiday> & { format: 'text/calendar' | 'text/csv' } {
  const text = textOf(bytes);
  if (text === null) return { items: [], problems: [problem(0, 'FORMAT')], format: 'text/csv' };
  if (/^\s*BEGIN:VCALENDAR/i.test(text))
    return { ...holidaysFromIcs(text), format: 'text/calendar' };
  const read = holidaysFromCsv(text);
  return {
    ...read,
    items: read.items.sort((a, b) => a.date.localeCompare(b.date)),
    format: 'text/csv',
  };
}

/** A bank list: CSV `code,name,swiftCode`, codes and SWIFT codes in capitals. */
export function readBanks(bytes: Buffer): Read<BankEntry> {
  const text = textOf(bytes);
  if (text === null) return { items: [], problems: [problem(0, 'FORMAT')] };
  const { records, problems } = csvRecords(text, ['code', 'name', 'swiftCode']);
  const items: BankEntry[] = [];
  const codes = new Set<string>();
  for (const record of records) {
    const fields = record.fields;
    if (!fields || fields.length !== 3) {
      problems.push(problem(record.line, 'COLUMNS', record.text));
      continue;
    }
    const [code, name, swiftCode] = fields as [string, string, string];
    if (!BANK_CODE.test(code)) problems.push(problem(record.line, 'CODE', record.text));
    else if (!checkName(name)) problems.push(problem(record.line, 'NAME', record.text));
    else if (!MALAYSIAN_SWIFT.test(swiftCode))
      problems.push(problem(record.line, 'SWIFT', record.text));
    else if (codes.has(code)) problems.push(problem(record.line, 'DUPLICATE', record.text));
    else {
      codes.add(code);
      items.push({ code, name, swiftCode });
    }
  }
  return finish(items, problems, MAX_BANKS);
}
