import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { UnreadableImage, analyzeFaces } from './face-engine';

// The sample photos that ship inside the face-api package, read where npm put them (never committed).
const demo = join(dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json')), 'demo');
const sample = (n: number) => new Uint8Array(readFileSync(join(demo, `sample${n}.jpg`)));

describe('face analysis on the server', () => {
  it('finds the faces of a sample photo, with emotions summing to about 100 and a plausible age range', async () => {
    const { result, processingTime } = await analyzeFaces(sample(1));
    expect(result.faces.length).toBeGreaterThan(0);
    expect(processingTime).toBeGreaterThan(0);
    for (const face of result.faces) {
      const total = face.emotions.reduce((sum, e) => sum + e.confidence, 0);
      expect(total).toBeGreaterThan(98);
      expect(total).toBeLessThan(102);
      expect(face.emotions.map((e) => e.type)).not.toContain('CONFUSED');
      expect(face.demographics!.age.low).toBeGreaterThanOrEqual(10);
      expect(face.demographics!.age.high).toBeLessThanOrEqual(60);
      expect(face.demographics!.age.high - face.demographics!.age.low).toBe(10);
      expect(face.boundingBox!.width).toBeGreaterThan(0);
      expect(face.boundingBox!.left + face.boundingBox!.width).toBeLessThanOrEqual(1.01);
    }
  }, 60_000);

  it('finds no face in a drawing without one', async () => {
    const drawing = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#e0e8f0' } })
      .composite([
        {
          input: Buffer.from(
            '<svg width="640" height="480"><rect x="100" y="100" width="200" height="120" fill="#4a7"/><circle cx="460" cy="300" r="80" fill="#c55"/></svg>',
          ),
        },
      ])
      .png()
      .toBuffer();
    const { result } = await analyzeFaces(new Uint8Array(drawing));
    expect(result.faces).toEqual([]);
  }, 60_000);

  it('refuses bytes that are not a picture', async () => {
    await expect(analyzeFaces(new TextEncoder().encode('<html>not a photo</html>'))).rejects.toThrow(UnreadableImage);
  }, 60_000);
});
