/**
 * CSV as Excel on a Japanese Windows PC opens it: UTF-8 with a BOM (without one Excel reads Shift_JIS
 * and the Japanese turns to mojibake), CRLF line ends, RFC 4180 quoting, and no cell Excel would run
 * as a formula. The visit export on the device and the access log's export on the server both write it.
 */

/** One cell: text, a number, or nothing (an empty cell). */
export type CsvCell = string | number | null;
export type CsvRow = readonly CsvCell[];

const BOM = '\uFEFF';
const LINE_END = '\r\n';

// Excel (and LibreOffice, Google Sheets) treat a cell starting with one of these as a formula, which a
// note or a name typed by anyone could use to run a command or leak data (CSV injection, OWASP).
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell's text: formula-like text gets a leading ' (shown as text), then quotes where needed. */
export function csvCell(cell: CsvCell): string {
  if (cell === null) return '';
  // A number the program made is a value, never a typed formula: -5 stays a number.
  let text = typeof cell === 'number' ? String(cell) : cell;
  if (typeof cell === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The whole file as text: the BOM, then one CRLF-terminated line per row. */
export function encodeCsv(rows: readonly CsvRow[]): string {
  return BOM + rows.map((row) => row.map(csvCell).join(',') + LINE_END).join('');
}
