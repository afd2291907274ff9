import { type CsvRow, encodeCsv } from '@clinic/sync-protocol/rules';

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
