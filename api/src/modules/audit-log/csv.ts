/**
 * CSV as RFC 4180 writes it: fields separated by commas, records by CRLF, a field holding a
 * comma, a quote or a line break wrapped in quotes with its quotes doubled. The file starts with
 * a UTF-8 byte order mark, without which spreadsheets read Malay and other non-ASCII text in the
 * machine's own code page.
 */
export const UTF8_BOM = '\uFEFF';

/** A text starting with one of these is read by spreadsheets as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain decimal such as "-12.50" (credit in ringgit and sen) is a number, never a formula. */
const DECIMAL = /^-?\d+(\.\d+)?$/;

export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  // The audit log holds text people typed (reasons, names): a leading apostrophe keeps a
  // spreadsheet from running it, and shows the text as it was typed.
  if (typeof value === 'string' && FORMULA_START.test(text) && !DECIMAL.test(text)) {
    text = `'${text}`;
  }
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRecord(fields: readonly (string | number | null | undefined)[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}
