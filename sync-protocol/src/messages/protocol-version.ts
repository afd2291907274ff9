/**
 * The wire protocol's version. Bump it whenever a wire schema changes (the schema-hash test insists).
 * History:
 * 1 — customers: create/update/delete mutations, push/pull with cookie paging, rejections, conflicts.
 */
export const PROTOCOL_VERSION = 1;
export const PROTOCOL_MISMATCH_MESSAGE = 'アプリのバージョンが古いため同期できません。ページを再読み込みしてください';
