import { changedRows } from '../sync/changed-rows';
import { defineServerEntity } from '../sync/server-entity';
import type { AppointmentRow } from './appointment.table';
import { APPOINTMENT_AUDIT_NAME, appointmentMutators } from './appointment.mutators';
import { APPOINTMENT_COLUMNS, toAppointment } from './appointments.repository';

/** Appointments as the sync engine and the audit see them. */
export const appointmentEntity = defineServerEntity<'appointments', AppointmentRow>('appointments', {
  auditName: APPOINTMENT_AUDIT_NAME,
  columns: APPOINTMENT_COLUMNS,
  mutators: appointmentMutators,
  changedBetween: async (db, after, upTo, limit) =>
    (await changedRows(db, 'appointments', after, upTo, limit)).map(toAppointment),
});
