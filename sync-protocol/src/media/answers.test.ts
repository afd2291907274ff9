import { describe, expect, it } from 'vitest';
import { faceAnalyzeAnswerSchema, mediaLinkSchema, mediaPosterAnswerSchema } from './answers';

describe('the media answers as the web parses them', () => {
  it('takes a signed link only to a media file', () => {
    const link = { url: '/api/media/m-1/file?sig=a&exp=1', sig: 'a', exp: 1, expiresAt: '2026-11-20T01:00:00.000Z' };
    expect(mediaLinkSchema.parse(link)).toEqual(link);
    expect(mediaLinkSchema.safeParse({ ...link, url: 'https://elsewhere.example/x' }).success).toBe(false);
  });

  it("takes the poster answer and an analysis in any engine's shape, but not one without its result", () => {
    expect(mediaPosterAnswerSchema.parse({ id: 'm-1', thumbnail: true })).toEqual({ id: 'm-1', thumbnail: true });
    const rekognition = { analysisResult: { FaceDetails: [{ Emotions: [] }] }, mediaId: null, processingTime: 1200 };
    expect(faceAnalyzeAnswerSchema.parse(rekognition)).toEqual(rekognition);
    expect(faceAnalyzeAnswerSchema.safeParse({ mediaId: null, processingTime: 1200 }).success).toBe(false);
  });
});
