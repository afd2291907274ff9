import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import type { Database } from '../db/database';
import { openDatabase } from '../db/startup';
import { nextCounter } from '../sync/counters.repository';
import { healFinishRaw, healRaw, healStart } from '../sync/heal-test-support';
import { makeCreate, pull, pushOk, tokenOf } from '../sync/sync-test-helpers';
import { realPostgresDatabase } from '../test/real-postgres';
import { seedUser, testConfig } from '../test/harness';
import { createBackup } from './backup';
import { restoreBackup } from './restore';

const STAFF = {
  username: 'staff1',
  email: 'staff1@clinic.local',
  password: 'staff-password-123',
  role: 'staff' as const,
};

/** A customer row as a push would write it, for a change held open in a transaction of the test's own. */
const customerRow = (id: string, version: number) => {
  const at = new Date().toISOString();
  return {
    id,
    chart_number: 900_000 + version,
    name: '保留 一子',
    name_kana: '',
    age: null,
    birth_date: null,
    gender: 'unset' as const,
    phone: '03-0000-0000',
    email: '',
    address: '',
    medical_history: '',
    created_at: at,
    updated_at: at,
    updated_by: 'staff1',
    version,
    deleted: 0,
  };
};

describe('backup and restore (PostgreSQL)', () => {
  let dataDir: string;
  let database: Awaited<ReturnType<typeof realPostgresDatabase>>;
  let db: Kysely<Database>;

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'clinic-backup-pg-'));
    database = await realPostgresDatabase();
    db = await openDatabase({ dataDir, databaseUrl: database.url });
  }, 120_000);
  afterEach(async () => {
    await db.destroy().catch(() => undefined);
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const count = async (of: Kysely<Database>) =>
    Number(
      (
        await of
          .selectFrom('customers')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('one moment: counts from the dump’s snapshot, and a heal after the restore brings back every acknowledged record', async () => {
    const app = createApp({ db, config: testConfig });
    const staff = await seedUser(db, STAFF);
    const token = await tokenOf(app, staff);
    const device = crypto.randomUUID();
    let next = 1;
    await pushOk(app, token, device, [makeCreate(next++, { id: crypto.randomUUID() })]);

    // A change that took its version before the backup and commits after it (a slow push).
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const heldId = crypto.randomUUID();
    let tookVersion!: () => void;
    const versionTaken = new Promise<void>((resolve) => (tookVersion = resolve));
    const slow = db.transaction().execute(async (trx) => {
      const version = await nextCounter(trx, 'version');
      tookVersion();
      await held;
      await trx.insertInto('customers').values(customerRow(heldId, version)).execute();
    });
    await versionTaken;

    // Pushes go on while the copy is made: later versions than the held one, committed at once.
    let running = true;
    const pushing = (async () => {
      while (running) await pushOk(app, token, device, [makeCreate(next++, { id: crypto.randomUUID() })]);
    })();
    while (next < 20) await new Promise((resolve) => setTimeout(resolve, 5));
    const { dir, manifest } = await createBackup({ dataDir, databaseUrl: database.url });
    running = false;
    await pushing;
    release();
    await slow;
    // The device has everything now, the held change included.
    const before = await pull(app, token, device);
    expect(before.changes.customers.map((c) => c.id)).toContain(heldId);
    const acknowledged = before.changes.customers.map((c) => c.id).sort();
    await db.destroy();

    const result = await restoreBackup({ dataDir, from: dir, databaseUrl: database.url });
    db = await openDatabase({ dataDir, databaseUrl: database.url });
    // The manifest counted what the dump holds, not the live database after it.
    expect(manifest.rowCounts.customers).toBe(await count(db));
    // The restored epoch starts no later than the first change the dump may lack.
    const heldVersion = before.changes.customers.find((c) => c.id === heldId)!.version;
    expect(result.epoch.restoredFrom!.version).toBeLessThan(heldVersion);

    // The device heals as the tablet does: it sends the rows above the restored epoch's version.
    const restored = createApp({ db, config: testConfig });
    const token2 = await tokenOf(restored, staff);
    const start = await healStart(restored, token2, device);
    expect(start.epoch).toBe(result.epoch.epoch);
    const rows = before.changes.customers.filter((c) => c.version > start.restoredFrom!.version);
    const healed = await healRaw(restored, token2, { clientId: device, epoch: start.epoch, table: 'customers', rows });
    expect(healed.status).toBe(200);
    await healFinishRaw(restored, token2, { clientId: device, epoch: start.epoch, lastMutationId: next - 1 });
    const onServer = (await db.selectFrom('customers').select('id').execute()).map((r) => r.id).sort();
    expect(onServer).toEqual(acknowledged);
  }, 120_000);
});
