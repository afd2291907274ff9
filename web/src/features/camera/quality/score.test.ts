import { describe, expect, it } from 'vitest';
import { type Frame, laplacianVariance, luminance, qualityBand, scoreFrame } from './score';

const W = 160;
const H = 120;

function frameOf(pixel: (x: number, y: number) => number): Frame {
  const data = new Uint8ClampedArray(W * H * 4);
  for (let y = 0; y < H; y += 1) {
    for (let x = 0; x < W; x += 1) {
      const v = pixel(x, y);
      data.set([v, v, v, 255], (y * W + x) * 4);
    }
  }
  return { width: W, height: H, data };
}

/** The same frame through a box blur of radius r, as an out-of-focus camera gives it. */
function blurred(frame: Frame, r: number): Frame {
  const luma = luminance(frame);
  return frameOf((x, y) => {
    let sum = 0;
    let n = 0;
    for (let dy = -r; dy <= r; dy += 1) {
      for (let dx = -r; dx <= r; dx += 1) {
        const xx = Math.min(W - 1, Math.max(0, x + dx));
        const yy = Math.min(H - 1, Math.max(0, y + dy));
        sum += luma[yy * W + xx]!;
        n += 1;
      }
    }
    return sum / n;
  });
}

// Text-like detail: 4 px squares between mid greys, not clipped.
const sharp = frameOf((x, y) => ((Math.floor(x / 4) + Math.floor(y / 4)) % 2 ? 190 : 70));

describe('quality score', () => {
  it('finds the sharp frame sharper than the same frame blurred', () => {
    const soft = blurred(sharp, 3);
    const sharpVar = laplacianVariance(luminance(sharp), W, H);
    const softVar = laplacianVariance(luminance(soft), W, H);
    expect(sharpVar).toBeGreaterThan(softVar * 10);
    const a = scoreFrame(sharp);
    const b = scoreFrame(soft);
    expect(a.parts.find((p) => p.key === 'sharpness')!.score).toBe(100);
    expect(b.parts.find((p) => p.key === 'sharpness')!.score).toBeLessThan(60);
    expect(a.score).toBeGreaterThanOrEqual(80);
    expect(b.score).toBeLessThan(a.score);
  });

  it('scores an all-black and an all-white frame low on exposure', () => {
    for (const v of [0, 255]) {
      const q = scoreFrame(frameOf(() => v));
      expect(q.parts.find((p) => p.key === 'brightness')!.score).toBeLessThan(10);
      expect(q.parts.find((p) => p.key === 'clipping')!.score).toBe(0);
      expect(qualityBand(q.score)).toBe('red');
    }
  });

  it('takes mid-grey noise as well exposed', () => {
    let seed = 7;
    const noise = frameOf(() => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return 100 + (seed % 56);
    });
    const q = scoreFrame(noise);
    expect(q.parts.find((p) => p.key === 'brightness')!.score).toBeGreaterThan(90);
    expect(q.parts.find((p) => p.key === 'clipping')!.score).toBe(100);
  });

  it('counts a face only when face analysis says something', () => {
    expect(scoreFrame(sharp).parts.map((p) => p.key)).toEqual(['sharpness', 'brightness', 'clipping']);
    const withFace = scoreFrame(sharp, { found: true, areaShare: 0.12 });
    const noFace = scoreFrame(sharp, { found: false, areaShare: 0 });
    expect(withFace.parts.at(-1)).toMatchObject({ key: 'face', score: 100 });
    expect(noFace.score).toBeLessThan(withFace.score);
  });

  it('bands scores as spec 9 colours them', () => {
    expect([qualityBand(80), qualityBand(79), qualityBand(60), qualityBand(59)]).toEqual([
      'green',
      'orange',
      'orange',
      'red',
    ]);
  });
});
