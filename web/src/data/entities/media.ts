import { japanDateTime } from '@clinic/sync-protocol/rules';
import { ja } from '../../i18n/ja';
import { mediaMutators } from '../mutators/media';
import { customerLabelOf } from './customer-name';
import { stringAt } from './read-args';
import type { WebEntity } from './web-entity';

const t = ja.entities.media;
const kindLabel = (kind: string | null) => (kind === 'video' ? t.kinds.video : t.kinds.photo);
/** 2026-11-20 10:15, Japan time. */
export const capturedLabel = (at: string | null) => (at ? japanDateTime(at) : '');

export const mediaEntity: WebEntity<'media'> = {
  mutators: mediaMutators,
  recordName: async (db, media) =>
    t.record(
      ja.entities.customers.record(await customerLabelOf(db, media.customerId)),
      kindLabel(media.kind),
      capturedLabel(media.capturedAt),
    ),
  nameInArgs: (args) => t.record(null, kindLabel(stringAt(args, 'kind')), capturedLabel(stringAt(args, 'capturedAt'))),
  unknownRecord: t.unknown,
  recordGone: t.recordGone,
  mutationLabels: t.mutations,
  // Nothing of a capture is edited after it is taken.
  fieldLabels: {},
  formatValue: () => null,
  retry: { 'media.create': 'as-new' },
  keepsTombstones: false,
};
