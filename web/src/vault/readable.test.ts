import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { syncedEntities } from '@clinic/sync-protocol';
import { AuditEventsDb } from '../audit-events/audit-events-db';
import { ClinicDb } from '../data/clinic-db';
import { LogDb } from '../telemetry/log-db';
import { installSealing } from './seal-middleware';
import { UnlistedIndexError } from './seal-row';
import { AUDIT_EVENTS_SEAL_SPECS, CLINIC_SEAL_SPECS, LOG_SEAL_SPECS } from './seal-specs';

/**
 * A patient's fields, by the protocol's schemas: none of them may ever be in a readable list. A field
 * named here that a schema no longer has fails too, so the list follows the schemas.
 */
const PERSONAL: Record<string, readonly string[]> = {
  customers: ['name', 'nameKana', 'age', 'birthDate', 'gender', 'phone', 'email', 'address', 'medicalHistory'],
  visits: ['notes', 'staffName'],
  surveys: ['answers'],
  diagnoses: ['notes', 'generalHealth'],
  painMarkers: ['notes', 'bodyPart', 'region', 'painLevel'],
  faceAnalyses: ['faces', 'frames'],
};
/** Fields of the device's own tables that carry a patient's data or a person's input. */
const DEVICE_PERSONAL = ['server', 'args', 'patch', 'base', 'overwritten', 'value', 'values', 'form', 'path', 'reason'];
const LOG_PERSONAL = ['message', 'stack', 'url', 'target', 'entry', 'event', 'photo'];

/** A row schema's fields (a customer's row is a pipe without a shape: its edited fields name them). */
const schemaFields = (table: keyof typeof syncedEntities): string[] => [
  ...Object.keys((syncedEntities[table].row as unknown as { shape?: Record<string, unknown> }).shape ?? {}),
  ...syncedEntities[table].fields,
];

describe('the readable fields are one list', () => {
  it('names no patient field in any table', () => {
    const everyPersonal = [...Object.values(PERSONAL).flat(), ...DEVICE_PERSONAL];
    const leaks: string[] = [];
    for (const [table, spec] of Object.entries(CLINIC_SEAL_SPECS))
      for (const field of spec.readable) if (everyPersonal.includes(field)) leaks.push(`${table}.${field}`);
    for (const [table, spec] of Object.entries({ ...LOG_SEAL_SPECS, ...AUDIT_EVENTS_SEAL_SPECS }))
      for (const field of spec.readable)
        if ([...LOG_PERSONAL, ...everyPersonal].includes(field)) leaks.push(`${table}.${field}`);
    expect(leaks).toEqual([]);
  });

  it('follows the protocol’s schemas (a personal field named here exists there)', () => {
    for (const [table, fields] of Object.entries(PERSONAL)) {
      const known = schemaFields(table as keyof typeof syncedEntities);
      expect(
        fields.filter((field) => !known.includes(field)),
        table,
      ).toEqual([]);
    }
  });

  it('covers every index of every database: each opens', async () => {
    const dbs = [
      new ClinicDb(`readable-${Math.random()}`),
      new LogDb(`readable-logs-${Math.random()}`),
      new AuditEventsDb(`readable-audit-${Math.random()}`),
    ];
    for (const db of dbs) {
      await db.open();
      for (const table of db.tables) {
        const spec = { ...CLINIC_SEAL_SPECS, ...LOG_SEAL_SPECS, ...AUDIT_EVENTS_SEAL_SPECS }[table.name];
        expect(spec, table.name).toBeDefined();
        const paths = [table.schema.primKey, ...table.schema.indexes].flatMap((index) =>
          index.keyPath === null ? [] : typeof index.keyPath === 'string' ? [index.keyPath] : index.keyPath,
        );
        for (const path of paths) expect(spec!.readable, `${table.name}: ${path}`).toContain(path!.split('.')[0]);
      }
      db.close();
    }
  });

  it('an index on a field not listed stops the database from opening', async () => {
    const db = new Dexie(`unlisted-${Math.random()}`);
    db.version(1).stores({ customers: 'id, pending, name' });
    installSealing(db, { customers: CLINIC_SEAL_SPECS.customers! });
    await expect(db.open()).rejects.toSatisfy(
      (error: unknown) =>
        error instanceof UnlistedIndexError || (error as { inner?: unknown }).inner instanceof UnlistedIndexError,
    );
  });
});
