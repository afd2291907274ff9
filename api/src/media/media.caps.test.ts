import { ACCOUNT_LIMIT_MESSAGES } from '@clinic/sync-protocol';
import { afterEach, expect, it } from 'vitest';
import { describeEachDatabase, failure } from '../test/harness';
import {
  type MediaTestApp,
  bodyOf,
  jpeg,
  mediaApp,
  multipart,
  newCustomer,
  syncCapture,
  tusCreate,
  tusHead,
  tusUpload,
} from './media-test-support';

describeEachDatabase('media: caps per account', (getCtx) => {
  let t: MediaTestApp | undefined;
  afterEach(() => t?.cleanup());

  it('refuses a resumable upload past the account’s open ones, before any file is made', async () => {
    t = await mediaApp(getCtx(), undefined, { openUploads: 2 });
    const customer = await newCustomer(t);
    const file = await jpeg(64, 48);
    const [a, b, c] = [
      await syncCapture(t, customer, file),
      await syncCapture(t, customer, file),
      await syncCapture(t, customer, file),
    ];
    expect((await tusCreate(t, a.id, file.length)).status).toBe(201);
    expect((await tusCreate(t, b.id, file.length)).status).toBe(201);
    const refused = await tusCreate(t, c.id, file.length);
    expect([refused.status, await refused.text()]).toEqual([429, ACCOUNT_LIMIT_MESSAGES.openUploads]);
    expect((await tusHead(t, c.id)).status).toBe(404);
    // Beginning one of the open ones again is no new upload.
    expect((await tusCreate(t, a.id, file.length)).status).not.toBe(429);
    // Once one is whole, there is room for the next.
    expect((await tusUpload(t, b.id, file)).status).toBe(204);
    expect((await tusCreate(t, c.id, file.length)).status).toBe(201);
  });

  it('refuses uploads past the account’s bytes of the day, by tus and by form alike, storing nothing', async () => {
    const file = await jpeg(64, 48);
    t = await mediaApp(getCtx(), undefined, { uploadBytesPerDay: Math.floor(file.length * 1.5) });
    const customer = await newCustomer(t);
    const first = await syncCapture(t, customer, file);
    const second = await syncCapture(t, customer, file);
    expect((await tusCreate(t, first.id, file.length)).status).toBe(201);
    const refused = await tusCreate(t, second.id, file.length);
    expect([refused.status, await refused.text()]).toEqual([429, ACCOUNT_LIMIT_MESSAGES.dailyUploadBytes]);
    const form = await multipart(t, file, { customer_id: customer });
    expect([form.status, await bodyOf(form)]).toEqual([
      429,
      failure('UPLOAD_LIMIT', ACCOUNT_LIMIT_MESSAGES.dailyUploadBytes),
    ]);
    const rows = await getCtx().db.selectFrom('media').select('id').execute();
    expect(rows.map((r) => r.id).sort()).toEqual([first.id, second.id].sort());
  });
});
