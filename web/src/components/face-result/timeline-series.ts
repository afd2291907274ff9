import type { FaceFrame } from '@clinic/sync-protocol';
import { type EmotionType, readFace } from '@clinic/sync-protocol/face';

export type TimelinePoint = { at: number; share: number };
export type TimelineSeries = { type: EmotionType; points: TimelinePoint[] };

/**
 * A clip's emotions over time: for each sampled frame the largest face (the patient in front of the
 * camera, as a rule), one line per emotion; frames without a face leave a gap. Strongest on average first.
 */
export function timelineSeries(frames: readonly FaceFrame[]): TimelineSeries[] {
  const byType = new Map<EmotionType, TimelinePoint[]>();
  for (const frame of frames) {
    const views = frame.faces.map(readFace);
    const main = views.sort((a, b) => area(b.box) - area(a.box))[0];
    for (const { type, share } of main?.emotions ?? []) {
      const points = byType.get(type) ?? [];
      points.push({ at: frame.at, share });
      byType.set(type, points);
    }
  }
  const mean = (points: TimelinePoint[]) => points.reduce((sum, p) => sum + p.share, 0) / points.length;
  return [...byType.entries()]
    .map(([type, points]) => ({ type, points }))
    .sort((a, b) => mean(b.points) - mean(a.points));
}

const area = (box: { width: number; height: number } | null) => (box ? box.width * box.height : 0);
