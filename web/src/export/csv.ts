/**
 * CSV as Excel on a Japanese Windows PC opens it: UTF-8 with a BOM (without one Excel reads Shift_JIS
 * and the Japanese turns to mojibake), CRLF line ends, and no cell Excel would run as a formula.
 */

/** One cell: text, a number, or nothing (an empty cell). */
export type CsvCell = string | number | null;
export type CsvRow = readonly CsvCell[];

const BOM = '\uFEFF';
const LINE_END = '\r\n';

// Excel (and LibreOffice, Google Sheets) treat a cell starting with one of these as a formula, which a
// note typed by anyone could use to run a command or leak data (CSV injection, OWASP).
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

/** The file as a Blob, for download. */
export function csvBlob(rows: readonly CsvRow[]): Blob {
  return new Blob([encodeCsv(rows)], { type: 'text/csv;charset=utf-8' });
}

/**
 * Saves the rows as a file named `filename` through the browser's download (works offline: nothing
 * leaves the device).
 */
export function downloadCsv(filename: string, rows: readonly CsvRow[]): void {
  downloadBlob(filename, csvBlob(rows));
}

/** Saves a file the app has in hand (a CSV, a log the server sent) under `filename`. */
export function downloadBlob(filename: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the file after click() returns; revoking at once can cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
