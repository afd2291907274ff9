import { z } from 'zod';
import { isClockTime } from '../rules/appointment-time';
import { toHalfWidth } from '../rules/normalize';
import { recordMetaSchema } from './record-meta';
import { storableString } from './text';
import { visitFieldsSchema } from './visit';

export const APPOINTMENT_MESSAGES = {
  customerRequired: '顧客を選択してください',
  staffRequired: '施術者を選んでください',
  staffTooLong: '施術者は100文字以内で入力してください',
  startInvalid: '開始時刻は「10:30」の形で、5分刻みで入力してください',
  minutesInvalid: '所要時間は5分から480分までの5分刻みで入力してください',
  menuTooLong: '施術メニューは100文字以内で入力してください',
  notesTooLong: 'メモは2000文字以内で入力してください',
} as const;

/** 予約 → 来院済み / キャンセル / 無断キャンセル. */
export const APPOINTMENT_STATUSES = ['booked', 'visited', 'cancelled', 'noShow'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

export const APPOINTMENT_MINUTES = { min: 5, max: 480, step: 5 } as const;

const text = (max: number, message: string) => storableString(undefined, { message }).trim().max(max, message);

/** HH:MM on a five-minute step (full-width digits accepted): the grid's quarter hours and anything between. */
const start = z.preprocess(
  (value: string) => (typeof value === 'string' ? toHalfWidth(value).trim() : value),
  storableString({ error: APPOINTMENT_MESSAGES.startInvalid }, { max: 10 }).refine(
    (v) => isClockTime(v) && Number(v.slice(3)) % 5 === 0,
    APPOINTMENT_MESSAGES.startInvalid,
  ),
);

const minutes = z
  .number({ error: APPOINTMENT_MESSAGES.minutesInvalid })
  .int(APPOINTMENT_MESSAGES.minutesInvalid)
  .min(APPOINTMENT_MINUTES.min, APPOINTMENT_MESSAGES.minutesInvalid)
  .max(APPOINTMENT_MINUTES.max, APPOINTMENT_MESSAGES.minutesInvalid)
  .refine((m) => m % APPOINTMENT_MINUTES.step === 0, APPOINTMENT_MESSAGES.minutesInvalid);

/** The fields a person edits; one definition for the form, the local mutator and the server. */
export const appointmentFieldsSchema = z.object({
  customerId: z.uuid({ error: APPOINTMENT_MESSAGES.customerRequired }),
  /** The day, as a visit's date (YYYY-MM-DD, Japan). */
  date: visitFieldsSchema.shape.date,
  start,
  minutes,
  /** 施術者: the name of the staff member who treats, as a visit's 担当者. */
  staffName: text(100, APPOINTMENT_MESSAGES.staffTooLong).pipe(z.string().min(1, APPOINTMENT_MESSAGES.staffRequired)),
  serviceMenu: text(100, APPOINTMENT_MESSAGES.menuTooLong),
  notes: text(2000, APPOINTMENT_MESSAGES.notesTooLong),
  status: z.enum(APPOINTMENT_STATUSES),
  /** The visit recorded from this appointment (来院を記録), once there is one. */
  visitId: z.uuid().nullable(),
});
export type AppointmentFields = z.infer<typeof appointmentFieldsSchema>;
export type AppointmentField = keyof AppointmentFields;
export const APPOINTMENT_FIELDS = Object.keys(appointmentFieldsSchema.shape) as AppointmentField[];

/** What a new appointment may omit. */
export const newAppointmentFieldsSchema = appointmentFieldsSchema.extend({
  serviceMenu: appointmentFieldsSchema.shape.serviceMenu.default(''),
  notes: appointmentFieldsSchema.shape.notes.default(''),
  status: appointmentFieldsSchema.shape.status.default('booked'),
  visitId: appointmentFieldsSchema.shape.visitId.default(null),
});
export type NewAppointmentFields = z.input<typeof newAppointmentFieldsSchema>;

/** An appointment (予約) as stored and synced. */
export const appointmentSchema = appointmentFieldsSchema.extend({ id: z.uuid() }).extend(recordMetaSchema.shape);
export type Appointment = z.infer<typeof appointmentSchema>;
