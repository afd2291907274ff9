import 'fake-indexeddb/auto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SyncedTable } from '@clinic/sync-protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { createBackup } from '../../api/src/backup/backup';
import { restoreBackup } from '../../api/src/backup/restore';
import { SQL_TABLES } from '../../api/src/sync/heal-rows';
import { seedUser } from '../../api/src/test/harness';
import { realPostgresDatabase } from '../../api/src/test/real-postgres';
import { mutate } from '../../web/src/data/mutate';
import { setDataKey } from '../../web/src/vault/data-key';
import { markerAt } from '../sync-model/steps';
import { RestoreServer, RestoreTablet, TABLES } from './restore-client';

/*
 * A restore end to end, on SQLite and on PostgreSQL, with the real backup and restore and two tablets
 * running the app's sync engine (push, pull, heal): they sync, a backup is taken while they push, both
 * go on creating, editing and deleting records of every entity that can be, the older backup is
 * restored, both reconnect. The server must end with exactly what both tablets hold, and that must be
 * what the server held before the restore: nothing missing, duplicated, or deleted coming back.
 */
const USERS = [
  { username: 'staff1', email: 'staff1@clinic.local', password: 'staff-password-123', role: 'staff' as const },
  { username: 'staff2', email: 'staff2@clinic.local', password: 'staff-password-456', role: 'staff' as const },
];

beforeAll(() => setDataKey(crypto.getRandomValues(new Uint8Array(32))));

type Live = Record<SyncedTable, Record<string, string>>;

async function serverLive(server: RestoreServer): Promise<Live> {
  const out = {} as Live;
  for (const table of TABLES) {
    const rows = await server.db
      .selectFrom(SQL_TABLES[table] as 'customers')
      .select(['id', 'updated_at'])
      .where('deleted', '=', 0)
      .execute();
    out[table] = Object.fromEntries(rows.map((r) => [r.id, r.updated_at]));
  }
  return out;
}

const live = async <T extends { id: string; deleted: boolean }>(rows: Promise<T[]>) =>
  (await rows).filter((r) => !r.deleted);

/** One round of a tablet's work: a record of each kind made, some edited, some deleted (older ones first). */
async function work(tablet: RestoreTablet, round: number, { deletes }: { deletes: boolean }) {
  const db = tablet.db;
  const opts = { userName: tablet.user.username };
  const customerId = crypto.randomUUID();
  await mutate(
    db,
    'customer.create',
    { id: customerId, name: `${tablet.user.username} ${round}`, phone: '03-1111-2222' },
    opts,
  );
  const visitId = crypto.randomUUID();
  await mutate(
    db,
    'visit.create',
    { id: visitId, customerId, date: '2026-11-20', serviceMenu: '鍼灸', price: 3000 + round },
    opts,
  );
  const answers = { pain_level: (round % 5) + 1, pain_areas: ['肩'], sleep_quality: 'fair', stress_level: 5 };
  await mutate(db, 'survey.submit', { id: crypto.randomUUID(), customerId, type: 'pre', answers }, opts);
  const diagnosisId = crypto.randomUUID();
  await mutate(db, 'diagnosis.create', { id: diagnosisId, customerId, date: '2026-11-21' }, opts);
  await mutate(
    db,
    'painMarker.create',
    { id: crypto.randomUUID(), diagnosisId, ...markerAt('front', 100 + round, 4, 1) },
    opts,
  );
  await mutate(
    db,
    'painMarker.create',
    { id: crypto.randomUUID(), diagnosisId, ...markerAt('back', 200 + round, 6, 2) },
    opts,
  );

  // Edits of records this tablet holds, the other tablet's included.
  const customers = await live(db.customers.toArray());
  const customer = customers[round % customers.length]!;
  await mutate(
    db,
    'customer.update',
    { id: customer.id, patch: { phone: `03-0000-${1000 + round}` }, base: { phone: customer.phone } },
    opts,
  );
  const visits = await live(db.visits.toArray());
  const visit = visits[round % visits.length]!;
  await mutate(
    db,
    'visit.update',
    { id: visit.id, patch: { price: 5000 + round }, base: { price: visit.price } },
    opts,
  );
  const surveys = await live(db.surveys.toArray());
  const survey = surveys[round % surveys.length]!;
  const edited = { ...survey.answers, stress_level: (round % 5) + 1 };
  await mutate(
    db,
    'survey.update',
    { id: survey.id, patch: { answers: edited }, base: { answers: survey.answers } },
    opts,
  );
  const markers = await live(db.painMarkers.toArray());
  const marker = markers[round % markers.length]!;
  await mutate(
    db,
    'painMarker.update',
    { id: marker.id, patch: { painLevel: (round % 5) + 1 }, base: { painLevel: marker.painLevel } },
    opts,
  );
  if (!deletes) return;
  // Deletions of the oldest records (those the backup holds alive), of each entity that can be deleted.
  const oldest = <T extends { id: string; createdAt: string }>(rows: T[]) =>
    [...rows].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id))[0];
  const doomedVisit = oldest(await live(db.visits.toArray()));
  if (doomedVisit) await mutate(db, 'visit.delete', { id: doomedVisit.id }, opts);
  const doomedMarker = oldest(await live(db.painMarkers.toArray()));
  if (doomedMarker) await mutate(db, 'painMarker.delete', { id: doomedMarker.id }, opts);
  const doomedDiagnosis = oldest(await live(db.diagnoses.toArray()));
  if (doomedDiagnosis) await mutate(db, 'diagnosis.delete', { id: doomedDiagnosis.id }, opts);
  const doomedCustomer = oldest(await live(db.customers.toArray()));
  if (doomedCustomer) await mutate(db, 'customer.delete', { id: doomedCustomer.id }, opts);
}

/** Both tablets sync until neither has anything left to send and both hold the same. */
async function settle(tablets: RestoreTablet[]) {
  for (let round = 0; round < 6; round++) {
    for (const tablet of tablets) await tablet.engine.sync();
    const sizes = await Promise.all(tablets.map((t) => t.outboxSize()));
    if (sizes.every((n) => n === 0) && round > 0) return;
  }
  throw new Error(`outboxes not empty: ${(await Promise.all(tablets.map((t) => t.outboxSize()))).join(', ')}`);
}

const counts = (state: Live) => Object.fromEntries(TABLES.map((t) => [t, Object.keys(state[t]).length]));

describe.each([{ database: 'sqlite' }, { database: 'postgres' }])(
  'a restore loses nothing [$database]',
  ({ database }) => {
    it('two tablets, a backup while they push, work after it, the older backup restored: the server ends with exactly what both hold', async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'clinic-restore-e2e-'));
      const pg = database === 'postgres' ? await realPostgresDatabase() : null;
      const server = new RestoreServer(dataDir, pg?.url);
      await server.start();
      const [a, b] = [0, 1].map(
        (i) => new RestoreTablet(server, `restore-${database}-${i}-${crypto.randomUUID()}`, USERS[i]!),
      );
      const tablets = [a!, b!];
      try {
        for (const user of USERS) await seedUser(server.db, user);
        for (let round = 0; round < 3; round++)
          for (const tablet of tablets) await work(tablet, round, { deletes: false });
        await settle(tablets);

        // The backup is taken while both push.
        let pushing = true;
        const busy = (async () => {
          for (let round = 3; pushing && round < 40; round++) {
            for (const tablet of tablets) {
              await work(tablet, round, { deletes: false });
              await tablet.engine.sync();
            }
          }
        })();
        await new Promise((resolve) => setTimeout(resolve, 50));
        const backup = await createBackup({ dataDir, databaseUrl: pg?.url });
        pushing = false;
        await busy;
        await settle(tablets);

        // Work after the backup: new records, edits, and deletions of records the backup holds alive.
        for (let round = 50; round < 54; round++) {
          for (const tablet of tablets) {
            await work(tablet, round, { deletes: true });
            await tablet.engine.sync();
          }
        }
        await settle(tablets);
        const before = await serverLive(server);
        expect(await a!.live()).toEqual(before);
        expect(await b!.live()).toEqual(before);
        // The work after the backup deleted records of each deletable entity that the backup holds alive.
        const inBackup = backup.manifest.rowCounts;
        expect(inBackup.visits).toBeGreaterThan(0);

        // The older backup is restored, with the server stopped; then both tablets reconnect.
        await server.stop();
        await restoreBackup({ dataDir, from: backup.dir, databaseUrl: pg?.url });
        await server.start();
        const restored = await serverLive(server);
        expect(counts(restored)).not.toEqual(counts(before));
        await settle(tablets);

        const after = await serverLive(server);
        expect(counts(after)).toEqual(counts(before));
        expect(after).toEqual(before);
        expect(await a!.live()).toEqual(after);
        expect(await b!.live()).toEqual(after);
      } finally {
        for (const tablet of tablets) tablet.db.close();
        await server.stop().catch(() => undefined);
        await pg?.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    }, 240_000);
  },
);
