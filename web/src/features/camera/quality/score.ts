/**
 * The quality score of a captured frame, computed on the device (no photo leaves it for this):
 * sharpness from the variance of the Laplacian of the luminance, exposure from the mean luminance and
 * the share of clipped pixels. Face presence and size join once face analysis exists (issue 12) through
 * the optional `face` input; until then they are neither counted nor shown.
 */
export type Frame = { width: number; height: number; data: Uint8ClampedArray | Uint8Array };
export type FaceFacts = { found: boolean; areaShare: number };
export type QualityPart = { key: 'sharpness' | 'brightness' | 'clipping' | 'face'; score: number; value: number };
export type Quality = { score: number; parts: QualityPart[] };

/** Laplacian variance at or above this is fully sharp (measured on 320 px wide frames). */
export const SHARP_VARIANCE = 400;
/** Weights of the parts; face presence takes its share only when known. */
const WEIGHTS = { sharpness: 0.5, brightness: 0.3, clipping: 0.2 } as const;
const FACE_WEIGHT = 0.25;

/** Luminance (Rec. 601) of every pixel. */
export function luminance(frame: Frame): Float32Array {
  const out = new Float32Array(frame.width * frame.height);
  for (let i = 0, p = 0; i < out.length; i += 1, p += 4) {
    out[i] = 0.299 * frame.data[p]! + 0.587 * frame.data[p + 1]! + 0.114 * frame.data[p + 2]!;
  }
  return out;
}

/** Variance of the 4-neighbour Laplacian: high where edges are crisp, low when blurred. */
export function laplacianVariance(luma: Float32Array, width: number, height: number): number {
  let sum = 0;
  let squares = 0;
  let n = 0;
  for (let y = 1; y < height - 1; y += 1) {
    for (let x = 1; x < width - 1; x += 1) {
      const i = y * width + x;
      const lap = luma[i - 1]! + luma[i + 1]! + luma[i - width]! + luma[i + width]! - 4 * luma[i]!;
      sum += lap;
      squares += lap * lap;
      n += 1;
    }
  }
  if (n === 0) return 0;
  const mean = sum / n;
  return squares / n - mean * mean;
}

const clamp = (value: number) => Math.max(0, Math.min(100, value));

export function scoreFrame(frame: Frame, face?: FaceFacts): Quality {
  const luma = luminance(frame);
  const variance = laplacianVariance(luma, frame.width, frame.height);
  let total = 0;
  let clipped = 0;
  for (const v of luma) {
    total += v;
    if (v < 16 || v > 239) clipped += 1;
  }
  const mean = luma.length ? total / luma.length : 0;
  const clippedShare = luma.length ? clipped / luma.length : 1;
  const parts: QualityPart[] = [
    {
      key: 'sharpness',
      value: Math.round(variance),
      score: clamp((Math.sqrt(variance) / Math.sqrt(SHARP_VARIANCE)) * 100),
    },
    // Best around mid-grey (128); nothing left at pure black or white.
    { key: 'brightness', value: Math.round(mean), score: clamp(100 - (Math.abs(mean - 128) / 112) * 100) },
    // Up to 5 % clipped is normal in a room; all clipped scores nothing.
    {
      key: 'clipping',
      value: Math.round(clippedShare * 100),
      score: clamp(100 - Math.max(0, clippedShare - 0.05) * 200),
    },
  ];
  let score = parts.reduce((acc, part) => acc + part.score * WEIGHTS[part.key as keyof typeof WEIGHTS], 0);
  if (face) {
    // A face filling a tenth of the frame or more is well framed.
    const faceScore = face.found ? clamp(50 + face.areaShare * 500) : 0;
    parts.push({ key: 'face', value: Math.round(face.areaShare * 100), score: faceScore });
    score = score * (1 - FACE_WEIGHT) + faceScore * FACE_WEIGHT;
  }
  return { score: Math.round(score), parts: parts.map((part) => ({ ...part, score: Math.round(part.score) })) };
}

/** Spec 9: 80 and above green, 60 and above orange, else red. */
export function qualityBand(score: number): 'green' | 'orange' | 'red' {
  return score >= 80 ? 'green' : score >= 60 ? 'orange' : 'red';
}
