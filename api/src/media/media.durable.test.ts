import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { describeEachDatabase } from '../test/harness';
import { durableFs } from './media-durable';
import {
  type MediaTestApp,
  jpeg,
  mediaApp,
  multipart,
  newCustomer,
  syncCapture,
  tusUpload,
  webm,
} from './media-test-support';

/*
 * An upload is confirmed (the tus PATCH or the multipart POST answered, the record marked uploaded)
 * only after its file, its thumbnail and their folders are fsynced. A power cut cannot be staged
 * here; what is checked is that the confirm path goes through the fsync helper, at the right moment,
 * and that a failing fsync means no confirmation.
 */
describeEachDatabase('media uploads are on disk before they are confirmed', (getCtx) => {
  let t: MediaTestApp;
  let customerId: string;
  beforeEach(async () => {
    t = await mediaApp(getCtx());
    customerId = await newCustomer(t);
  });
  afterEach(() => {
    t.cleanup();
    vi.restoreAllMocks();
  });

  const uploadedOf = async (id: string) => {
    const row = await getCtx().db.selectFrom('media').select('uploaded').where('id', '=', id).executeTakeFirst();
    return row === undefined ? 'no record' : Number(row.uploaded) ? 'uploaded' : 'not uploaded';
  };
  /** Every fsync the store asks for (each still done), with the record's state at that moment. */
  function watchSyncs(id: string) {
    const seen: string[] = [];
    const relative = (path: string) => path.slice(t.dir.length + 1).replace(/\.[0-9a-f-]{36}\.part$/, '.part');
    const syncFile = durableFs.syncFile.bind(durableFs);
    const syncDir = durableFs.syncDir.bind(durableFs);
    vi.spyOn(durableFs, 'syncFile').mockImplementation(async (path) => {
      seen.push(`file ${relative(path)} (${await uploadedOf(id)})`);
      await syncFile(path);
    });
    vi.spyOn(durableFs, 'syncDir').mockImplementation(async (path) => {
      seen.push(`dir ${relative(path) || '.'}`);
      await syncDir(path);
    });
    return seen;
  }

  it('tus: the photo, its thumbnail and both folders are fsynced before the record is marked uploaded', async () => {
    const photo = await jpeg();
    const capture = await syncCapture(t, customerId, photo);
    const seen = watchSyncs(capture.id);
    expect((await tusUpload(t, capture.id, photo)).status).toBe(204);
    expect(seen).toEqual([
      'dir .', // thumbs/ was made just now: its name in the media folder
      `file thumbs/${capture.id}.part (not uploaded)`,
      'dir thumbs',
      `file files/${capture.id} (not uploaded)`,
      `file files/${capture.id}.json (not uploaded)`,
      'dir files',
    ]);
    expect(await uploadedOf(capture.id)).toBe('uploaded');
  });

  it('multipart: a new capture’s file is fsynced before its record is written', async () => {
    const seen = watchSyncs('');
    const res = await multipart(t, webm(), { customer_id: customerId });
    expect(res.status).toBe(201);
    const { id } = ((await res.json()) as { data: { id: string } }).data;
    expect(seen).toEqual([`file files/${id} (no record)`, `file files/${id}.json (no record)`, 'dir files']);
  });

  it('a failing fsync confirms nothing: the upload is answered with an error and the record stays not uploaded', async () => {
    const video = webm(8192);
    const capture = await syncCapture(t, customerId, video, { kind: 'video', mime: 'video/webm' });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(durableFs, 'syncFile').mockRejectedValueOnce(
      Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' }),
    );
    expect((await tusUpload(t, capture.id, video)).status).toBeGreaterThanOrEqual(500);
    expect(await uploadedOf(capture.id)).toBe('not uploaded');
  });

  it('keeps files and thumbnails readable by the server’s user only (0600)', async () => {
    const photo = await jpeg();
    const capture = await syncCapture(t, customerId, photo);
    expect((await tusUpload(t, capture.id, photo)).status).toBe(204);
    const mode = (path: string) => statSync(path).mode & 0o777;
    expect([mode(join(t.dir, 'files', capture.id)), mode(join(t.dir, 'thumbs', `${capture.id}.jpg`))]).toEqual([
      0o600, 0o600,
    ]);
    expect(mode(join(t.dir, 'thumbs'))).toBe(0o700);
  });
});
