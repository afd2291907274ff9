import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../auth/session-store';
import { adminUser, fail, jsonResponse, loginResponse, ok, sentBody } from '../test-utils/fixtures';
import { AuditEventsDb } from './audit-events-db';
import { recordAuditEvent, recordMediaDownload, sendAuditEvents, setAuditEventsDb } from './audit-events-queue';

const CUSTOMER = '0193a3f0-0000-4000-8000-0000000000c1';
const exportOf = (rows: number) => ({
  kind: 'visits.export' as const,
  rows,
  filter: { from: '2026-11-01', to: '2026-11-30', customerId: CUSTOMER },
});

type Call = [string, RequestInit];
const auditCalls = () =>
  (vi.mocked(fetch).mock.calls as unknown as Call[]).filter(([url]) => url === '/api/audit-events');
const sentEvents = (call: Call) => (JSON.parse(sentBody(call[1])) as { events: { id: string; rows: number }[] }).events;
/** The server as it answers: it holds every event it was sent. */
const acknowledge = (_url: string, init?: RequestInit) =>
  Promise.resolve(jsonResponse(200, ok({ received: sentEvents(['', init!]).map((e) => e.id) })));

let name: string;
let db: AuditEventsDb;
let online: boolean;

beforeEach(() => {
  name = `audit-events-${crypto.randomUUID()}`;
  db = new AuditEventsDb(name);
  setAuditEventsDb(db);
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  vi.stubGlobal('fetch', vi.fn(acknowledge));
  sessionStore.start(loginResponse());
});
afterEach(async () => {
  sessionStore.end('logout');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await db.delete();
});

describe('device audit events', () => {
  it('keeps an export made offline on the device, through a reload, and sends nothing meanwhile', async () => {
    online = false;
    await recordAuditEvent(exportOf(12));
    await sendAuditEvents();
    expect(auditCalls()).toEqual([]);
    // A reload: the same database opened afresh.
    db.close();
    const reopened = new AuditEventsDb(name);
    setAuditEventsDb(reopened);
    const [item] = await reopened.events.toArray();
    expect(item).toMatchObject({
      userId: 'u-staff',
      event: { kind: 'visits.export', rows: 12, filter: exportOf(12).filter },
    });
    expect(item!.event.id).toMatch(/^[0-9a-f-]{36}$/);
    db = reopened;
  });

  it('sends what waits when asked (after a sync), and forgets it once acknowledged', async () => {
    await recordAuditEvent(exportOf(3));
    await sendAuditEvents();
    expect(auditCalls()).toHaveLength(1);
    expect(auditCalls()[0]![1].method).toBe('POST');
    expect(new Headers(auditCalls()[0]![1].headers).get('Authorization')).toBe('Bearer access-1');
    expect(sentEvents(auditCalls()[0]!)).toMatchObject([
      { kind: 'visits.export', rows: 3, filter: exportOf(3).filter },
    ]);
    expect(await db.events.count()).toBe(0);
  });

  it('forgets only what the server acknowledged, and keeps all on a server or network failure', async () => {
    await recordAuditEvent(exportOf(1));
    await recordAuditEvent(exportOf(2));
    vi.mocked(fetch).mockImplementationOnce(() =>
      Promise.resolve(jsonResponse(503, fail(null, '一時的に利用できません'))),
    );
    await sendAuditEvents();
    expect(await db.events.count()).toBe(2);

    vi.mocked(fetch).mockImplementationOnce(async () => Promise.reject(new TypeError('Failed to fetch')));
    await sendAuditEvents();
    expect(await db.events.count()).toBe(2);

    const [first] = await db.events.orderBy('queuedAt').toArray();
    vi.mocked(fetch)
      .mockImplementationOnce(() => Promise.resolve(jsonResponse(200, ok({ received: [first!.id] }))))
      .mockImplementationOnce(() => Promise.resolve(jsonResponse(503, fail(null, '一時的に利用できません'))));
    await sendAuditEvents();
    // The rest went again at once, and stays for the next sync after that failed.
    expect(auditCalls().map((call) => sentEvents(call).length)).toEqual([2, 2, 2, 1]);
    expect((await db.events.toArray()).map((item) => item.event)).toMatchObject([{ rows: 2 }]);
  });

  it("sends a person only their own exports: another person's wait for them", async () => {
    await recordAuditEvent(exportOf(5));
    sessionStore.start(loginResponse({ user: adminUser }));
    await recordAuditEvent(exportOf(7));
    await sendAuditEvents();
    expect(auditCalls().flatMap(sentEvents)).toMatchObject([{ rows: 7 }]);
    expect(await db.events.toArray()).toMatchObject([{ userId: 'u-staff', event: { rows: 5 } }]);
  });

  it('drops what the server refuses as malformed, which would be refused forever', async () => {
    await recordAuditEvent(exportOf(1));
    vi.mocked(fetch).mockImplementationOnce(() =>
      Promise.resolve(jsonResponse(400, fail('VALIDATION_ERROR', 'リクエストの形式が正しくありません'))),
    );
    await sendAuditEvents();
    expect(await db.events.count()).toBe(0);
  });

  it('writes down a photo saved to the device by its id, and never fails the download that was made', async () => {
    const media = '0193a3f0-0000-4000-8000-0000000000a1';
    await recordMediaDownload(media);
    expect(await db.events.toArray()).toMatchObject([
      { userId: 'u-staff', event: { kind: 'media.export', mediaId: media } },
    ]);
    sessionStore.end('logout');
    await expect(recordMediaDownload(media)).resolves.toBeUndefined();
  });

  it('refuses to record an export with no one logged in, so the screen does not export', async () => {
    sessionStore.end('logout');
    await expect(recordAuditEvent(exportOf(1))).rejects.toThrow();
    expect(await db.events.count()).toBe(0);
  });
});
