import { useLiveQuery } from 'dexie-react-hooks';
import { type AppSettings, DEFAULT_SETTINGS, checkSettings, readSettings } from '@clinic/sync-protocol/settings';
import type { ClinicDb } from './clinic-db';
import { localDb } from './local-db';

const KEY = 'app';

/** The device's settings; whatever is stored (an old version's, a hand-edited one) reads as valid settings. */
export async function loadAppSettings(db: ClinicDb = localDb): Promise<AppSettings> {
  return readSettings((await db.settings.get(KEY))?.value);
}

/** Saves checked settings; throws with the first problem in Japanese. */
export async function saveAppSettings(settings: AppSettings, db: ClinicDb = localDb): Promise<void> {
  const check = checkSettings(settings);
  if (!check.ok) throw new Error(check.message);
  await db.settings.put({ key: KEY, value: check.settings });
}

/** The settings, live: a save in this tab or another shows at once. Defaults until the first read. */
export function useAppSettings(): { settings: AppSettings; loaded: boolean } {
  const settings = useLiveQuery(() => loadAppSettings(), []);
  return { settings: settings ?? DEFAULT_SETTINGS, loaded: settings !== undefined };
}
