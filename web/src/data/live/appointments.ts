import { Dexie } from 'dexie';
import { findOverlaps } from '@clinic/sync-protocol/rules';
import type { ClinicDb, LocalAppointment } from '../clinic-db';
import { customerLabel } from '../entities';
import { type LiveRead, useLiveRead } from '../live-read';
import { localDb } from '../local-db';
import { customersById } from './visits';

/** An appointment with its patient's name and the ids of the appointments it overlaps (same 施術者, same time). */
export type AppointmentView = LocalAppointment & { customerName: string; overlaps: string[] };

const byTime = (a: LocalAppointment, b: LocalAppointment) =>
  a.date.localeCompare(b.date) || a.start.localeCompare(b.start) || a.staffName.localeCompare(b.staffName);

/**
 * One day's live appointments by start, through the date index, with names and overlaps: the overlap is
 * found here for what the device holds, as the server finds it for what it holds.
 */
export async function queryDayAppointments(db: ClinicDb, date: string): Promise<AppointmentView[]> {
  const rows = (await db.appointments.where('date').equals(date).toArray()).filter((a) => !a.deleted);
  rows.sort(byTime);
  const overlaps = findOverlaps(rows);
  const customers = await customersById(
    db,
    rows.map((a) => a.customerId),
  );
  return rows.map((a) => ({
    ...a,
    customerName: customerLabel(customers.get(a.customerId)),
    overlaps: overlaps.get(a.id) ?? [],
  }));
}

/** One patient's live appointments, by day and time, through [customerId+date]. */
export async function queryCustomerAppointments(db: ClinicDb, customerId: string): Promise<LocalAppointment[]> {
  const rows = await db.appointments
    .where('[customerId+date]')
    .between([customerId, Dexie.minKey], [customerId, Dexie.maxKey])
    .toArray();
  return rows.filter((a) => !a.deleted).sort(byTime);
}

export function useDayAppointments(date: string): LiveRead<AppointmentView[]> {
  // The previous day stays on screen until the next one is read: moving a day never flashes empty.
  return useLiveRead(() => queryDayAppointments(localDb, date), [date], { keepPrevious: true });
}

export function useCustomerAppointments(customerId: string | null): LiveRead<LocalAppointment[]> {
  return useLiveRead(async () => (customerId ? queryCustomerAppointments(localDb, customerId) : []), [customerId]);
}

/**
 * Each 施術メニュー's usual length: the length of its latest booking among the newest few hundred (by the
 * date index), so the form fills the length when the menu is chosen.
 */
export async function queryUsualMinutes(db: ClinicDb): Promise<Map<string, number>> {
  const recent = await db.appointments.orderBy('date').reverse().limit(300).toArray();
  const usual = new Map<string, number>();
  for (const a of recent)
    if (a.serviceMenu && !a.deleted && !usual.has(a.serviceMenu)) usual.set(a.serviceMenu, a.minutes);
  return usual;
}

export function useUsualMinutes(): LiveRead<Map<string, number>> {
  return useLiveRead(() => queryUsualMinutes(localDb), []);
}
