import { useLiveQuery } from 'dexie-react-hooks';
import type { ClinicDb } from './clinic-db';
import { localDb } from './local-db';

const KEY = 'practitioners';

/**
 * The 施術者 as the server last named them, kept on the device so the 予約表 has its columns offline.
 * Staff names only, nothing of a patient: kept in 設定's table, as the device's name is.
 */
export async function savePractitioners(names: readonly string[], db: ClinicDb = localDb): Promise<void> {
  await db.settings.put({ key: KEY, value: [...names] });
}

export async function loadPractitioners(db: ClinicDb = localDb): Promise<string[] | null> {
  const value = (await db.settings.get(KEY))?.value;
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : null;
}

/** Live: null until the server has named them once on this device. */
export function usePractitioners(): string[] | null | undefined {
  return useLiveQuery(() => loadPractitioners(), []);
}
