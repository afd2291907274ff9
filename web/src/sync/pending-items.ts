import type { ClinicDb } from '../data/clinic-db';
import { entityOfMutation } from '../data/entities';
import { stringAt } from '../data/entities/read-args';
import { ja } from '../i18n/ja';

const t = ja.syncStatus;

/** One line of 同期の状況's waiting list: 「山田 花子」の来院記録（2026-12-02）, 写真 1件, … */
export type PendingItem = { key: string; label: string; count: number };

/**
 * What waits, in a receptionist's words (issue 37): the outbox's changes by the record they concern, then
 * the photo and video files not yet sent, by kind. Its counts add up to the top bar's (pending-count.ts).
 * The names come from sealed rows, so this is read only while someone is signed in (the drawer is then).
 */
export async function listPendingItems(db: ClinicDb): Promise<PendingItem[]> {
  const [entries, files] = await Promise.all([
    db.outbox.orderBy('id').toArray(),
    db.mediaFiles.where('waiting').equals(1).toArray(),
  ]);
  const groups = new Map<string, { entry: (typeof entries)[number]; count: number }>();
  for (const entry of entries) {
    const found = entityOfMutation(entry.name);
    const key = `${found?.table ?? entry.name}:${stringAt(entry.args, 'id') ?? entry.id}`;
    const group = groups.get(key);
    if (group) group.count += 1;
    else groups.set(key, { entry, count: 1 });
  }
  const items: PendingItem[] = [];
  for (const [key, { entry, count }] of groups) {
    items.push({ key, label: t.waitingChanges(await nameOf(db, entry), count), count });
  }
  const kinds = new Map<string, number>();
  for (const file of files) {
    const kind = (await db.media.get(file.id))?.kind;
    const label = kind ? ja.entities.media.kinds[kind] : t.fileKind;
    kinds.set(label, (kinds.get(label) ?? 0) + 1);
  }
  for (const [kind, n] of kinds) items.push({ key: `files:${kind}`, label: t.waitingFiles(kind, n), count: n });
  return items;
}

async function nameOf(db: ClinicDb, entry: { name: string; args: unknown }): Promise<string> {
  const found = entityOfMutation(entry.name);
  if (!found) return ja.syncProblems.unknownMutation;
  const id = stringAt(entry.args, 'id');
  const row = id ? await db.synced(found.table).get(id) : undefined;
  if (row) return found.entity.recordName(db, row);
  return found.entity.nameInArgs(entry.args) ?? found.entity.unknownRecord;
}
