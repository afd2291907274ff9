import { type Face, readFace } from '@clinic/sync-protocol/face';
import type { FaceFacts } from './score';

/** What the quality score takes of an analysis: whether a face was found, and the largest one's share of the frame. */
export function faceFacts(faces: readonly Face[]): FaceFacts {
  const areas = faces.map((face) => readFace(face).box).map((box) => (box ? box.width * box.height : 0));
  return { found: faces.length > 0, areaShare: Math.max(0, ...areas) };
}
