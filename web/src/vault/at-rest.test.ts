import { Blob as NodeBlob } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { AuditEventsDb } from '../audit-events/audit-events-db';
import type { ClinicDb } from '../data/clinic-db';
import { sealFile, sealMediaFile } from '../media/sealed-files';
import { recordAction, recordError } from '../telemetry/device-log-store';
import { LogDb } from '../telemetry/log-db';
import { sampleFace, serverFaceAnalysis } from '../test-utils/face-fixtures';
import {
  freshDb,
  serverCustomer,
  serverDiagnosis,
  serverMarker,
  serverSurvey,
  serverVisit,
} from '../test-utils/sync-fixtures';
import { storedRows } from '../test-utils/raw-indexeddb';
import { clearDataKey, VaultLockedError } from './data-key';

/** One patient's personal values, each distinctive enough that finding it anywhere means it leaked. */
const P = {
  name: '蒼井ゆかりZQX',
  kana: 'アオイユカリゼット',
  phone: '090-7731-4417',
  email: 'aoi.zqx.yukari@example.jp',
  address: '札幌市中央区北一条西九丁目ZQX',
  history: '偏頭痛と不眠の既往ZQX',
  visitNotes: '施術後に左肩の可動域が改善ZQX',
  diagnosisNotes: '頸椎症性神経根症の疑いZQX',
  surveyAnswer: '階段を降りる時に右膝が痛むZQX',
  markerNote: '腰部に放散する鈍痛ZQX',
  faceConfidence: '97.6543',
  photo: 'PHOTO-BYTES-ZQX-0001',
  thumbnail: 'THUMB-BYTES-ZQX-0002',
  chunk: 'CHUNK-BYTES-ZQX-0003',
  serverThumb: 'SERVER-THUMB-ZQX-0004',
  rejectedPhone: '080-5599-1234',
  conflictValue: '旧住所は函館市ZQX',
  errorMessage: '蒼井ゆかりZQXの保存に失敗',
  actionTarget: '蒼井ゆかりZQXのカルテ',
  operationData: 'ZQX検索語あおい',
};
const C = '11111111-1111-4111-8111-111111111111';
const bytes = (text: string) => new Blob([new TextEncoder().encode(text)]);

async function seedClinic(db: ClinicDb) {
  const customer = serverCustomer({
    id: C,
    name: P.name,
    nameKana: P.kana,
    phone: P.phone,
    email: P.email,
    address: P.address,
    medicalHistory: P.history,
  });
  await db.customers.put({ ...customer, pending: 1, server: customer });
  await db.visits.put({ ...serverVisit({ id: 'v1', customerId: C, notes: P.visitNotes }), pending: 0 });
  await db.surveys.put({
    ...serverSurvey({ id: 's1', customerId: C, answers: { pain_level: 4, free_text: P.surveyAnswer } }),
    pending: 0,
  });
  await db.diagnoses.put({ ...serverDiagnosis({ id: 'd1', customerId: C, notes: P.diagnosisNotes }), pending: 0 });
  await db.painMarkers.put({ ...serverMarker({ id: 'm1', diagnosisId: 'd1', notes: P.markerNote }), pending: 0 });
  const face = sampleFace(Number(P.faceConfidence));
  await db.faceAnalyses.put({ ...serverFaceAnalysis({ id: 'f1', customerId: C, faces: [face] }), pending: 0 });
  await db.mediaFiles.put(
    await sealMediaFile({
      id: 'media-1',
      blob: bytes(P.photo),
      thumbnail: bytes(P.thumbnail),
      sentBytes: 0,
      waiting: 1,
      attempts: 0,
    }),
  );
  await db.recordingChunks.put({
    recordingId: 'r1',
    seq: 1,
    data: await sealFile(bytes(P.chunk), 'recordingChunks.data', ['r1', 1]),
  });
  await db.serverThumbnails.put({
    id: 'media-2',
    blob: await sealFile(bytes(P.serverThumb), 'serverThumbnails.blob', 'media-2'),
    fetchedAt: '2026-11-20T00:00:00.000Z',
  });
  await db.outbox.add({
    id: 1,
    name: 'customer.create',
    args: { ...customer },
    clientTime: '2026-11-20T00:00:00.000Z',
  } as never);
  await db.rejections.put({
    mutationId: 2,
    name: 'customer.update',
    args: { id: C, patch: { phone: P.rejectedPhone } },
    reason: '権限がありません',
    at: '2026-11-20T00:00:00.000Z',
  });
  await db.conflicts.put({
    id: 1,
    table: 'customers',
    recordId: C,
    field: 'address',
    overwritten: P.conflictValue,
    value: P.address,
    by: 'staff1',
    overwrittenBy: 'staff2',
    at: '2026-11-20T00:00:00.000Z',
  });
  await db.meta.put({ key: 'clientId', value: 'client-1' });
}

async function seedLogs(logs: LogDb, audit: AuditEventsDb) {
  const at = '2026-11-20T00:00:00.000Z';
  await recordError(logs, {
    type: 'manual',
    severity: 'high',
    message: P.errorMessage,
    stack: P.errorMessage,
    timestamp: at,
    url: '/customers',
  });
  await recordAction(logs, { type: 'click', target: P.actionTarget, timestamp: at });
  await logs.apiTimings.add({
    url: `/api/customers?q=${P.operationData}`,
    method: 'GET',
    status: 200,
    duration: 12,
    timestamp: at,
  });
  await logs.operationQueue.add({
    id: 'op-1',
    entry: {
      id: 'op-1',
      operation: 'search',
      screen: '/customers',
      timestamp: at,
      userEmail: 'staff@example.jp',
      data: { query: P.operationData },
      error: null,
    },
    queuedAt: 1,
    attempts: 0,
  });
  await audit.events.add({ id: 'e1', userId: 'u1', event: { kind: 'visits_csv', note: P.name } as never, queuedAt: 1 });
}

/** Every value of every store of every database, read with the plain IndexedDB API (no Dexie, no middleware). */
async function everythingStored(): Promise<{ text: string; binary: string }> {
  const strings: string[] = [];
  const chunks: Uint8Array[] = [];
  const walk = async (value: unknown): Promise<void> => {
    if (typeof value === 'string') strings.push(value);
    else if (typeof value === 'number' || typeof value === 'boolean') strings.push(String(value));
    else if (value instanceof Uint8Array) chunks.push(value);
    else if (value instanceof ArrayBuffer) chunks.push(new Uint8Array(value));
    else if (value instanceof NodeBlob || value instanceof Blob) chunks.push(new Uint8Array(await value.arrayBuffer()));
    else if (Array.isArray(value)) for (const item of value) await walk(item);
    else if (value && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) await walk(k).then(() => walk(v));
  };
  for (const { name } of await indexedDB.databases()) {
    await walk(await storedRows(name!));
  }
  const latin1 = (data: Uint8Array) => Array.from(data, (b) => String.fromCharCode(b)).join('');
  return { text: strings.join('\n'), binary: chunks.map(latin1).join('\n') };
}

const utf8 = (text: string) => new TextEncoder().encode(text);
const utf16le = (text: string) => {
  const out = new Uint8Array(text.length * 2);
  for (let i = 0; i < text.length; i++) {
    out[i * 2] = text.charCodeAt(i) & 255;
    out[i * 2 + 1] = text.charCodeAt(i) >> 8;
  }
  return out;
};
const latin1 = (data: Uint8Array) => Array.from(data, (b) => String.fromCharCode(b)).join('');
/** The value's base64 at each of the three alignments it can have inside a longer encoded text, minus the edges. */
const base64Forms = (text: string) =>
  [0, 1, 2].map((skip) => btoa(latin1(utf8(text).slice(skip))).slice(0, -4)).filter((form) => form.length >= 8);

describe('a lost tablet gives nothing away', () => {
  it('with the key gone, no store of any database holds a personal value in plain text, UTF-16 or base64', async () => {
    const db = freshDb();
    const logs = new LogDb(`logs-${Math.random()}`);
    const audit = new AuditEventsDb(`audit-${Math.random()}`);
    await seedClinic(db);
    await seedLogs(logs, audit);
    // The values were stored and read back with the key…
    expect((await db.customers.get(C))?.name).toBe(P.name);
    expect((await logs.deviceErrors.toArray())[0]?.message).toBe(P.errorMessage);

    clearDataKey();
    const { text, binary } = await everythingStored();
    expect(text).toContain(C); // the ids the queries need stay readable
    const found: string[] = [];
    for (const [field, value] of Object.entries(P)) {
      if (text.includes(value) || binary.includes(latin1(utf8(value)))) found.push(`${field} (plain)`);
      if (binary.includes(latin1(utf16le(value)))) found.push(`${field} (UTF-16)`);
      for (const form of base64Forms(value))
        if (text.includes(form) || binary.includes(form)) found.push(`${field} (base64)`);
    }
    expect(found).toEqual([]);
    // …and without the key the app cannot read them either.
    await expect(db.customers.get(C)).rejects.toBeInstanceOf(VaultLockedError);
    await expect(logs.deviceErrors.toArray()).rejects.toBeInstanceOf(VaultLockedError);
    // It writes and reads every store of three databases: more than the default 5 s on a busy machine.
  }, 30_000);
});
