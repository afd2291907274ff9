import { ja } from '../../i18n/ja';
import { appointmentMutators } from '../mutators/appointment';
import { customerLabelOf } from './customer-name';
import { stringAt } from './read-args';
import type { WebEntity } from './web-entity';

const t = ja.entities.appointments;

const at = (date: string | null, start: string | null) => [date, start].filter(Boolean).join(' ');

export const appointmentEntity: WebEntity<'appointments'> = {
  mutators: appointmentMutators,
  recordName: async (db, appointment) =>
    t.record(
      ja.entities.customers.record(await customerLabelOf(db, appointment.customerId)),
      at(appointment.date, appointment.start),
    ),
  nameInArgs: (args) => {
    const date = stringAt(args, 'date');
    return date === null ? null : t.record(null, at(date, stringAt(args, 'start')));
  },
  unknownRecord: t.unknown,
  recordGone: t.recordGone,
  mutationLabels: t.mutations,
  fieldLabels: t.fieldLabels,
  formatValue: (field, value) => {
    if (field === 'status' && typeof value === 'string' && Object.hasOwn(t.statuses, value))
      return t.statuses[value as keyof typeof t.statuses];
    if (field === 'minutes' && typeof value === 'number') return `${value}分`;
    return null;
  },
  retry: { 'appointment.create': 'as-new', 'appointment.update': 'rebase' },
  keepsTombstones: false,
};
