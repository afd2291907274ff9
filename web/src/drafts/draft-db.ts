import { OFFLINE_SESSION_MS } from '../auth/session';
import type { FormDraftRow } from '../data/clinic-db';
import { localDb } from '../data/local-db';
import { type Draft, type DraftTarget, draftKey } from './open-forms';

/** A draft lives no longer than the session it was typed in (12 hours). */
export const DRAFT_LIFE_MS = OFFLINE_SESSION_MS;

const rowKey = (userId: string, target: DraftTarget) => `${userId}|${draftKey(target)}`;

/**
 * Written through the seal middleware: the values are sealed with the device's key like every record.
 * `cleared`: forms kept before that hold nothing typed now.
 */
export async function writeDrafts(
  userId: string,
  drafts: Draft[],
  cleared: DraftTarget[] = [],
  now = Date.now(),
): Promise<void> {
  await localDb.transaction('rw', localDb.drafts, async () => {
    await localDb.drafts.bulkPut(
      drafts.map((draft): FormDraftRow => ({ key: rowKey(userId, draft), userId, savedAt: now, ...draft })),
    );
    await localDb.drafts.bulkDelete(cleared.map((target) => rowKey(userId, target)));
  });
}

export async function deleteDraft(userId: string, target: DraftTarget): Promise<void> {
  await localDb.drafts.delete(rowKey(userId, target));
}

/**
 * The person's latest draft kept before `startedAt` (their app's start: not one this app kept itself),
 * after dropping every draft that outlived its session and those of people this device no longer knows
 * (`known`: their wrap of the key is gone). Only indexes are read for that: nobody else's draft is opened.
 */
export async function latestDraft(
  userId: string,
  known: (userId: string) => Promise<boolean>,
  startedAt = Date.now(),
  now = startedAt,
): Promise<Draft | null> {
  const drop = async (keys: string[]) => void (keys.length > 0 && (await localDb.drafts.bulkDelete(keys)));
  await drop(
    await localDb.drafts
      .where('savedAt')
      .below(now - DRAFT_LIFE_MS)
      .primaryKeys(),
  );
  const owners = (await localDb.drafts.orderBy('userId').uniqueKeys()) as string[];
  for (const owner of owners)
    if (!(await known(owner))) await drop(await localDb.drafts.where('userId').equals(owner).primaryKeys());
  const mine = await localDb.drafts
    .where('userId')
    .equals(userId)
    .filter((row) => row.savedAt < startedAt)
    .toArray();
  const newest = mine.sort((a, b) => b.savedAt - a.savedAt)[0];
  if (!newest) return null;
  const { form, recordId, path, values } = newest;
  return { form, recordId, path, values };
}
