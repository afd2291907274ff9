import { describe, expect, it } from 'vitest';
import { sampleFace } from '../test-utils/face-fixtures';
import { localDb } from '../data/local-db';
import { useFreshDevice } from '../test-utils/fresh-device';
import { saveFaceAnalysis } from './save-analysis';

const CUSTOMER = '11111111-1111-4111-8111-111111111111';
const jpeg = () => new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], { type: 'image/jpeg' });
const face = sampleFace(90);
const photo = {
  mime: 'image/jpeg' as const,
  blob: jpeg(),
  thumbnail: null,
  width: 640,
  height: 480,
  duration: null,
  quality: null,
};

describe('saveFaceAnalysis', () => {
  useFreshDevice();

  it('keeps the result and its photo together: the photo first, then the analysis that names it', async () => {
    const { id, mediaId } = await saveFaceAnalysis({
      customerId: CUSTOMER,
      visitId: null,
      source: 'photo',
      faces: [face],
      frames: null,
      processingTime: 812.4,
      photo,
    });
    expect(mediaId).not.toBeNull();
    expect(await localDb.faceAnalyses.get(id)).toMatchObject({
      customerId: CUSTOMER,
      mediaId,
      source: 'photo',
      processingTime: 812,
      faces: [face],
      engine: 'face-api-wasm@device',
      pending: 1,
    });
    expect(await localDb.media.get(mediaId!)).toMatchObject({ kind: 'photo', mime: 'image/jpeg', size: 7, width: 640 });
    expect(await localDb.mediaFiles.get(mediaId!)).toMatchObject({ waiting: 1 });
    expect((await localDb.outbox.toArray()).map((m) => m.name)).toEqual(['media.create', 'faceAnalysis.create']);
  });

  it("gives a photo's faces the quality score of its capture, and a clip's none", async () => {
    const taken = await saveFaceAnalysis({
      customerId: CUSTOMER,
      visitId: null,
      source: 'photo',
      faces: [face],
      frames: null,
      processingTime: 500,
      photo: { ...photo, quality: 72 },
    });
    expect((await localDb.faceAnalyses.get(taken.id))?.faces).toEqual([
      { ...face, features: {}, quality: { score: 72 } },
    ]);
    const stored = await saveFaceAnalysis({
      customerId: CUSTOMER,
      visitId: null,
      source: 'photo',
      mediaId: taken.mediaId,
      quality: 88,
      faces: [face],
      frames: null,
      processingTime: 500,
    });
    expect((await localDb.faceAnalyses.get(stored.id))?.faces[0]?.quality).toEqual({ score: 88 });
    const clip = await saveFaceAnalysis({
      customerId: CUSTOMER,
      visitId: null,
      source: 'video',
      quality: 88,
      faces: [face],
      frames: [{ at: 0, faces: [face] }],
      processingTime: 500,
    });
    expect((await localDb.faceAnalyses.get(clip.id))?.faces[0]?.quality).toBeNull();
  });

  it('keeps only the result when the photo is not to be stored, or names a capture already stored', async () => {
    const alone = await saveFaceAnalysis({
      customerId: CUSTOMER,
      visitId: null,
      source: 'photo',
      faces: [face],
      frames: null,
      processingTime: 500,
    });
    expect(alone.mediaId).toBeNull();
    const clip = '22222222-2222-4222-8222-222222222222';
    const video = await saveFaceAnalysis({
      customerId: CUSTOMER,
      visitId: null,
      source: 'video',
      mediaId: clip,
      faces: [face],
      frames: [
        { at: 0, faces: [face] },
        { at: 1, faces: [] },
      ],
      processingTime: 2400,
    });
    expect(await localDb.faceAnalyses.get(video.id)).toMatchObject({
      mediaId: clip,
      frames: [{ at: 0 }, { at: 1, faces: [] }],
    });
    expect(await localDb.media.count()).toBe(0);
    expect(await localDb.outbox.count()).toBe(2);
  });

  it('stores nothing, photo included, when the result does not fit the record', async () => {
    const broken = { ...face, emotions: [{ type: 'HAPPY' as const, confidence: 250 }] };
    await expect(
      saveFaceAnalysis({
        customerId: CUSTOMER,
        visitId: null,
        source: 'photo',
        faces: [broken],
        frames: null,
        processingTime: 1,
        photo,
      }),
    ).rejects.toThrow();
    expect(await localDb.faceAnalyses.count()).toBe(0);
    expect(await localDb.media.count()).toBe(0);
    expect(await localDb.mediaFiles.count()).toBe(0);
    expect(await localDb.outbox.count()).toBe(0);
  });
});
