/**
 * Rows that do not open (README, 端末の暗号化): personal fields in clear once the device is sealed, a tag
 * that fails, a value moved from another row. They are never shown or sent; the middleware skips them and
 * moves them, as stored, to the database's `setAside` store where it has one (the clinic's: the outbox
 * count then counts only what will be sent). Each is reported here, without its content, for the device
 * error log (app/log-runtime wires it: vault sits below telemetry).
 */
export type SetAsideReport = { database: string; table: string; reason: SetAsideReason };
export type SetAsideReason = 'plain' | 'does-not-open' | 'plain-file';

/** The store a refused row is moved to: `id` (random), `table`, `key`, `stored` (the row as it was), `at`. */
export const SET_ASIDE_TABLE = 'setAside';
export type SetAsideRow = { id: string; table: string; key: unknown; stored: unknown; at: string };

type Listener = (report: SetAsideReport) => void;
let listener: Listener | null = null;
/** Reports before the log has loaded (it loads after the first screen), a few at most. */
const early: SetAsideReport[] = [];
const seen = new Set<string>();

export function reportSetAside(report: SetAsideReport, key: unknown): void {
  // Once per row and page: a live query reads the same rows again at every change.
  const id = JSON.stringify([report.database, report.table, key]);
  if (seen.has(id)) return;
  seen.add(id);
  if (listener) listener(report);
  else if (early.length < 20) early.push(report);
}

/** The device error log takes the reports (and those kept so far). */
export function onSetAside(next: Listener): () => void {
  listener = next;
  early.splice(0).forEach(next);
  return () => {
    if (listener === next) listener = null;
  };
}
