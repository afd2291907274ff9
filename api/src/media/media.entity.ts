import { changedRows } from '../sync/changed-rows';
import { defineServerEntity } from '../sync/server-entity';
import type { MediaRow } from './media.table';
import { MEDIA_AUDIT_NAME, mediaMutators } from './media.mutators';
import { MEDIA_COLUMNS, toMedia } from './media.repository';

/** Photos and videos as the sync engine and the audit see them: the facts; the file travels by upload. */
export const mediaEntity = defineServerEntity<'media', MediaRow>('media', {
  auditName: MEDIA_AUDIT_NAME,
  columns: MEDIA_COLUMNS,
  mutators: mediaMutators,
  changedBetween: async (db, after, upTo, limit) => (await changedRows(db, 'media', after, upTo, limit)).map(toMedia),
});
