import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FaceAnalysisCreateArgs, WireMutation } from '@clinic/sync-protocol';
import type { MediaTestApp } from '../media/media-test-support';
import { authed } from '../test/harness';

// The sample photos that ship inside the face-api package, read where npm put them (never committed).
const demo = join(dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json')), 'demo');
export const samplePhoto = () => new Uint8Array(readFileSync(join(demo, 'sample1.jpg')));

/** A face as a device's engine reports it, with fractional numbers that must come back unchanged. */
export const deviceFace = (happy = 87.3) => ({
  emotions: [
    { type: 'HAPPY' as const, confidence: happy },
    { type: 'CALM' as const, confidence: Math.round((100 - happy) * 10) / 10 },
  ],
  demographics: { age: { low: 30, high: 40 }, gender: { value: 'Female' as const, confidence: 96.4 } },
  boundingBox: { left: 0.125, top: 0.2, width: 0.33333, height: 0.41 },
  features: {},
  quality: null,
  confidence: 99.1,
});

export function faceAnalysisArgs(
  customerId: string,
  fields: Partial<FaceAnalysisCreateArgs> = {},
): FaceAnalysisCreateArgs {
  return {
    id: crypto.randomUUID(),
    customerId,
    visitId: null,
    mediaId: null,
    source: 'photo',
    analysedAt: '2026-11-28T10:15:00.000Z',
    processingTime: 842,
    faces: [deviceFace()],
    frames: null,
    engine: 'face-api-wasm@device',
    ...fields,
  };
}

export const faceMutation = (t: MediaTestApp, args: FaceAnalysisCreateArgs): WireMutation => ({
  id: t.nextMutationId++,
  name: 'faceAnalysis.create',
  clientTime: args.analysedAt,
  args,
});

/** POST /api/face-analysis/analyze with `image` (unless null) and the given text fields. */
export function analyze(
  t: MediaTestApp,
  image: Uint8Array | null,
  fields: Record<string, string>,
  options: { fileName?: string; token?: string | null; headers?: Record<string, string> } = {},
) {
  const form = new FormData();
  if (image) form.append('image', new Blob([image], { type: 'image/jpeg' }), options.fileName ?? 'face.jpg');
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  const token = options.token === undefined ? t.token : options.token;
  return t.app.request('/api/face-analysis/analyze', {
    method: 'POST',
    headers: { ...(token ? authed(token) : {}), ...options.headers },
    body: form,
  });
}

export const history = (t: MediaTestApp, customerId: string, token: string | null = t.token) =>
  t.app.request(`/api/face-analysis/history/${customerId}`, { headers: token ? authed(token) : {} });
