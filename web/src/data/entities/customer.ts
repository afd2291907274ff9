import { GENDERS, type Gender } from '@clinic/sync-protocol/rules';
import { ja } from '../../i18n/ja';
import { customerMutators } from '../mutators/customer';
import { stringAt } from './read-args';
import type { WebEntity } from './web-entity';

const t = ja.entities.customers;
const isGender = (v: unknown): v is Gender => typeof v === 'string' && (GENDERS as readonly string[]).includes(v);

export const customerEntity: WebEntity<'customers'> = {
  mutators: customerMutators,
  recordName: (_db, customer) => t.record(customer.name),
  nameInArgs: (args) => {
    const name = stringAt(args, 'name') ?? stringAt(args, 'patch', 'name');
    return name === null ? null : t.record(name);
  },
  unknownRecord: t.unknown,
  recordGone: t.recordGone,
  mutationLabels: t.mutations,
  fieldLabels: ja.customers.form.labels,
  formatValue: (field, value) => (field === 'gender' && isGender(value) ? ja.customers.gender[value] : null),
  retry: { 'customer.create': 'as-new', 'customer.update': 'rebase', 'customer.delete': 'resend' },
  keepsTombstones: true,
};
