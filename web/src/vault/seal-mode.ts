/**
 * Whether this device's data is all sealed in the current format, bound to its rows (README, 端末の暗号化).
 *
 * Until then (a tablet just updated from an older version) a row an older version wrote reads as it was
 * written: in clear (before issue 25) or AES-GCM bound to its table (issue 25); the once-only upgrade
 * (app/seal-legacy.ts) seals all of them again and then sets the mark. From then on a row that does not
 * open in the current format, bound to its table and key, is set aside, never shown or sent.
 *
 * The mark lives in localStorage: read synchronously by every database's middleware, and by none of
 * them while the key is absent (nothing opens then anyway).
 */
export const SEALED_MARK = 'clinic-sealed-v2';
/** The issue-25 pass's mark: every row was sealed (AES-GCM) by then, so none may be plain any more. */
export const SEALED_V1_MARK = 'clinic-sealed-legacy-v1';

type Marks = Pick<Storage, 'getItem' | 'setItem'>;

let storage: Marks | null = typeof localStorage === 'undefined' ? null : localStorage;
let sealed: boolean | null = null;
let plainAccepted: boolean | null = null;

/** Every row is in the current format: anything else is refused. */
export function deviceSealed(): boolean {
  return (sealed ??= storage?.getItem(SEALED_MARK) === '1');
}

/** A row in clear may still be an older version's (the device was never sealed at all). */
export function plainRowsAccepted(): boolean {
  return (plainAccepted ??= !deviceSealed() && storage?.getItem(SEALED_V1_MARK) !== '1');
}

export function markDeviceSealed(): void {
  storage?.setItem(SEALED_MARK, '1');
  sealed = true;
  plainAccepted = false;
}

/** Tests: another store of marks (a fresh device, an upgraded one). */
export function useSealMarks(marks: Marks | null): void {
  storage = marks;
  sealed = null;
  plainAccepted = null;
}
