import { formatYen } from '@clinic/sync-protocol/rules';
import { ja } from '../../i18n/ja';
import { visitMutators } from '../mutators/visit';
import { customerLabelOf } from './customer-name';
import { stringAt } from './read-args';
import type { WebEntity } from './web-entity';

const t = ja.entities.visits;

export const visitEntity: WebEntity<'visits'> = {
  mutators: visitMutators,
  recordName: async (db, visit) =>
    t.record(ja.entities.customers.record(await customerLabelOf(db, visit.customerId)), visit.date),
  nameInArgs: (args) => {
    const date = stringAt(args, 'date');
    return date === null ? null : t.record(null, date);
  },
  unknownRecord: t.unknown,
  recordGone: t.recordGone,
  mutationLabels: t.mutations,
  fieldLabels: ja.visits.form.labels,
  formatValue: (field, value) => {
    if (field === 'price') return typeof value === 'number' ? formatYen(value) : null;
    return null;
  },
  retry: { 'visit.create': 'as-new', 'visit.update': 'rebase', 'visit.delete': 'resend' },
  keepsTombstones: false,
};
