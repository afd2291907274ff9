import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROTOCOL_VERSION, sealKeyResponseSchema } from '@clinic/sync-protocol';
import { sealFor } from '@clinic/sync-protocol/sealed';
import { describe, expect, it } from 'vitest';
import { call, describeEachDatabase } from '../test/harness';
import { loadSealKeys, mergeSealKeys, readSealKeysFile, rotateSealKeys } from './seal-keys';
import { deviceProof, makeCreate, pull, tokenOf } from './sync-test-helpers';
import { DEVICE_CREDENTIAL_HEADER, type WireMutation } from '@clinic/sync-protocol';

describeEachDatabase('a sealed push (issue 37)', (getCtx) => {
  async function tablet() {
    const { app, staff } = getCtx();
    const token = await tokenOf(app, staff);
    const clientId = crypto.randomUUID();
    const credential = (await deviceProof(app, token, clientId))[DEVICE_CREDENTIAL_HEADER]!;
    const key = sealKeyResponseSchema.parse((await call(app, 'GET', '/api/sync/seal-key')).body.data);
    const seal = (mutations: WireMutation[], over: { credential?: string; senderId?: string } = {}) =>
      sealFor(key, {
        credential: over.credential ?? credential,
        senderId: over.senderId ?? staff.id,
        push: { protocolVersion: PROTOCOL_VERSION, clientId, mutations },
      });
    const send = (body: unknown) => call(app, 'POST', '/api/sync/sealed-push', { body });
    return { token, clientId, seal, send };
  }

  it('is applied without a token, exactly once however often it is replayed', async () => {
    const { app } = getCtx();
    const { token, clientId, seal, send } = await tablet();
    const ids = [crypto.randomUUID(), crypto.randomUUID()];
    const sealed = await seal(ids.map((id, i) => makeCreate(i + 1, { id })));
    for (let i = 0; i < 3; i++) {
      const res = await send(sealed);
      expect([res.status, res.body.data?.lastMutationId]).toEqual([200, 2]);
    }
    const page = await pull(app, token, clientId);
    expect(page.lastMutationId).toBe(2);
    const list = await call(app, 'GET', '/api/customers?limit=100', { token });
    expect(JSON.stringify(list.body).split('山田 花子').length - 1).toBe(2);
  });

  it('refuses a forged or damaged body, a wrong credential and a sender who is gone, applying nothing', async () => {
    const { app, db } = getCtx();
    const { token, clientId, seal, send } = await tablet();
    const mutation = [makeCreate(1, { id: crypto.randomUUID() })];
    const good = await seal(mutation);
    expect((await send({ ...good, ct: good.ct.slice(0, -4) + 'AAAA' })).body.code).toBe('SEALED_UNREADABLE');
    expect((await send({ ...good, kid: 'not-a-key' })).body.code).toBe('SEAL_KEY_UNKNOWN');
    expect((await send(await seal(mutation, { credential: 'B'.repeat(43) }))).status).toBe(403);
    const gone = crypto.randomUUID();
    expect((await send(await seal(mutation, { senderId: gone }))).body.code).toBe('SENDER_GONE');
    // A body in clear is not a sealed push.
    const plain = { protocolVersion: PROTOCOL_VERSION, clientId, mutations: mutation };
    expect((await send(plain)).status).toBe(400);
    expect((await pull(app, token, clientId)).lastMutationId).toBe(0);
    const refused = await db.selectFrom('audit_log').select('action').where('entity_id', '=', clientId).execute();
    expect(refused.map((r) => r.action)).toContain('device_credential_refused');
  });
});

describe('the seal keys', () => {
  it('are made once in DATA_DIR (0600), rotated with the previous key accepted for SEAL_PREVIOUS_KEY_DAYS', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'seal-keys-'));
    const first = await loadSealKeys(dir, {});
    expect(statSync(join(dir, 'seal-keys.json')).mode & 0o777).toBe(0o600);
    expect((await loadSealKeys(dir, {})).current.kid).toBe(first.current.kid);
    const sealed = await sealFor(first.current, { a: 1 });

    const now = new Date('2026-12-02T00:00:00Z');
    await rotateSealKeys(dir, now);
    const rotated = await loadSealKeys(dir, { SEAL_PREVIOUS_KEY_DAYS: '7' });
    expect(rotated.current.kid).not.toBe(first.current.kid);
    expect(rotated.find(sealed.kid, new Date('2026-12-08T00:00:00Z'))).not.toBeNull();
    expect(rotated.find(sealed.kid, new Date('2026-12-10T00:00:00Z'))).toBeNull();
    expect(rotated.find(rotated.current.kid, new Date('2030-01-01T00:00:00Z'))).not.toBeNull();
  });

  it('come from SEAL_PRIVATE_KEY and SEAL_PREVIOUS_PRIVATE_KEYS when set, shared by every process', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'seal-keys-'));
    await rotateSealKeys(dir, new Date());
    const file = readSealKeysFile(dir)!;
    const env = {
      SEAL_PRIVATE_KEY: JSON.stringify(file.current),
      SEAL_PREVIOUS_PRIVATE_KEYS: JSON.stringify(file.previous.map((p) => p.jwk)),
    };
    const other = mkdtempSync(join(tmpdir(), 'seal-keys-'));
    const [a, b] = [await loadSealKeys(other, env), await loadSealKeys(other, env)];
    expect(a.current).toEqual(b.current);
    expect(readSealKeysFile(other)).toBeNull();
    await expect(loadSealKeys(other, { SEAL_PRIVATE_KEY: '{"kty":"EC"}' })).rejects.toThrow(/P-256/);
  });

  it('of a restored backup join the current ones, so a body sealed to either opens', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'seal-keys-'));
    const backup = await rotateSealKeys(dir, new Date());
    const now = await rotateSealKeys(mkdtempSync(join(tmpdir(), 'seal-keys-')), new Date());
    const merged = mergeSealKeys(now, backup, new Date());
    expect(merged.current).toEqual(now.current);
    expect(merged.previous.map((p) => p.jwk.d)).toEqual(
      expect.arrayContaining([backup.current.d, ...backup.previous.map((p) => p.jwk.d)]),
    );
    expect(mergeSealKeys(merged, backup, new Date()).previous).toHaveLength(merged.previous.length);
  });
});
