import { APPOINTMENT_FIELDS, diffFields, type AppointmentFields } from '@clinic/sync-protocol';
import { useCallback } from 'react';
import { useSingleSave } from '../../components/form-dialog';
import { mutateAllAsCurrentUser, mutateAsCurrentUser } from '../../data';
import type { LocalAppointment } from '../../data/clinic-db';
import { originalFields } from './appointment-form-values';

export type SaveOutcome = 'created' | 'updated' | 'unchanged';
/** A patient registered from the booking form: name and phone, the two a customer needs. */
export type NewPatient = { name: string; phone: string };

/**
 * Saves on this device first (the sync engine sends it on), offline too. A new patient and their first
 * booking are stored together or not at all. An edit sends only the changed fields and the values they
 * replaced, so a colleague's change to another field is kept. Throws LocalWriteError (Japanese) when
 * nothing could be stored.
 */
export function useSaveAppointment() {
  const { run, saving } = useSingleSave();
  const save = useCallback(
    (original: LocalAppointment | null, fields: AppointmentFields, patient: NewPatient | null) =>
      run(async (): Promise<SaveOutcome> => {
        if (!original) {
          const id = crypto.randomUUID();
          if (!patient) {
            await mutateAsCurrentUser('appointment.create', { id, ...fields });
            return 'created';
          }
          const customerId = crypto.randomUUID();
          await mutateAllAsCurrentUser([
            { name: 'customer.create', args: { id: customerId, ...patient } },
            { name: 'appointment.create', args: { id, ...fields, customerId } },
          ]);
          return 'created';
        }
        const { patch, base, changed } = diffFields(APPOINTMENT_FIELDS, originalFields(original), fields);
        if (!changed) return 'unchanged';
        await mutateAsCurrentUser('appointment.update', { id: original.id, patch, base });
        return 'updated';
      }),
    [run],
  );
  return { save, saving };
}

/** One change of an appointment (its state, its time) without the form: the buttons and the move. */
export async function changeAppointment(original: LocalAppointment, next: Partial<AppointmentFields>): Promise<void> {
  const { patch, base, changed } = diffFields(APPOINTMENT_FIELDS, originalFields(original), {
    ...originalFields(original),
    ...next,
  });
  if (changed) await mutateAsCurrentUser('appointment.update', { id: original.id, patch, base });
}
