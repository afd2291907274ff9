import { SLOT_MINUTES, clockMinutes, holdsTime, slotIsFree } from '@clinic/sync-protocol/rules';
import type { AppointmentView } from '../../data/live';

/** Where an appointment sits in its 施術者's column: rows of 15 minutes, lanes side by side where two overlap. */
export type Placed = { appointment: AppointmentView; top: number; span: number; lane: number; lanes: number };

/**
 * The kept bookings of one 施術者, placed from the first slot: overlapping ones share the width in lanes
 * (greedy: each takes the first lane free at its start), so both of two bookings of one time stay visible.
 */
export function placeColumn(day: readonly AppointmentView[], staff: string, firstSlot: string): Placed[] {
  const kept = day.filter((a) => a.staffName === staff && holdsTime(a.status));
  const from = clockMinutes(firstSlot);
  const laneEnds: number[] = [];
  const placed = kept.map((a) => {
    const start = clockMinutes(a.start);
    let lane = laneEnds.findIndex((end) => end <= start);
    if (lane < 0) lane = laneEnds.length;
    laneEnds[lane] = start + a.minutes;
    return { appointment: a, top: (start - from) / SLOT_MINUTES, span: a.minutes / SLOT_MINUTES, lane, lanes: 1 };
  });
  // An overlapping one shares the width with every lane in use; one alone keeps it whole.
  for (const p of placed) if (p.appointment.overlaps.length) p.lanes = Math.max(laneEnds.length, 1);
  for (const p of placed) if (!p.appointment.overlaps.length) p.lane = 0;
  return placed;
}

/** Whether a quarter hour is free for the 施術者 (a booking being moved does not hold its own old time). */
export function isFree(day: readonly AppointmentView[], date: string, start: string, staff: string, movingId?: string) {
  const others = movingId ? day.filter((a) => a.id !== movingId) : day;
  return slotIsFree(others, { date, start, minutes: SLOT_MINUTES, staffName: staff });
}
