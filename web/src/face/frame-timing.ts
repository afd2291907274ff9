import { useLiveQuery } from 'dexie-react-hooks';
import type { ClinicDb } from '../data/clinic-db';
import { localDb } from '../data/local-db';

const KEY = 'faceFrameTiming';
/** How much the newest clip counts against what was measured before: the average follows the device. */
const NEWEST_WEIGHT = 0.5;

type Timing = { secondsPerFrame: number; clips: number };

const isTiming = (value: unknown): value is Timing =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Timing).secondsPerFrame === 'number' &&
  (value as Timing).secondsPerFrame > 0;

/** This device's measured seconds per analysed video frame, or null before its first clip. */
export async function measuredSecondsPerFrame(db: ClinicDb = localDb): Promise<number | null> {
  const value = (await db.settings.get(KEY))?.value;
  return isTiming(value) ? value.secondsPerFrame : null;
}

/** Records a clip's analysis: its frames and the whole time it took, sampling included. */
export async function recordFrameTiming(frames: number, totalMs: number, db: ClinicDb = localDb): Promise<void> {
  if (frames <= 0 || totalMs <= 0) return;
  const latest = totalMs / 1000 / frames;
  const before = (await db.settings.get(KEY))?.value;
  const timing: Timing = isTiming(before)
    ? {
        secondsPerFrame: before.secondsPerFrame * (1 - NEWEST_WEIGHT) + latest * NEWEST_WEIGHT,
        clips: before.clips + 1,
      }
    : { secondsPerFrame: latest, clips: 1 };
  await db.settings.put({ key: KEY, value: timing });
}

export function useMeasuredSecondsPerFrame(): number | null {
  return useLiveQuery(() => measuredSecondsPerFrame(), []) ?? null;
}
