import {
  type AuditLogRowView,
  auditActionLabel,
  auditDeviceLabel,
  auditEntityLabel,
} from '@clinic/sync-protocol/admin';
import { encodeCsv, japanDateTime } from '@clinic/sync-protocol/rules';

export const AUDIT_CSV_HEADER = [
  '日時',
  'ユーザー',
  '操作',
  '対象',
  '対象ID',
  '患者名',
  'カルテ番号',
  '件数',
  '端末',
  '端末ID',
  'IPアドレス',
  '送信者',
  '送信セッションID',
] as const;

/**
 * The whole file (the shared CSV rule: BOM, CRLF, formulas kept as text): the Japanese header, one line per
 * row, in the screen's words (操作 顧客の閲覧, 端末 施術室1), with the device's id and address kept for the record.
 */
export function auditCsv(rows: AuditLogRowView[]): string {
  return encodeCsv([
    AUDIT_CSV_HEADER,
    ...rows.map((row) => [
      japanDateTime(row.at, { dateSeparator: '/', seconds: true }),
      row.username,
      auditActionLabel(row.action),
      row.entity === null ? null : auditEntityLabel(row.entity),
      row.entityId,
      row.customer?.name ?? null,
      row.customer?.chartNumber ?? null,
      row.recordCount,
      auditDeviceLabel(row),
      row.clientId,
      row.ip,
      // A change a shared tablet sent for its author: who sent it, in which session (issue 25).
      row.deliveredBy?.username ?? null,
      row.deliveredBy?.sessionId ?? null,
    ]),
  ]);
}
