import type { AuditLogRowView } from '@clinic/sync-protocol/admin';
import { formatJapanTime } from '../db/japan-time';

export const AUDIT_CSV_HEADER = ['日時', 'ユーザー', '操作', '対象', '対象ID', '患者名', 'カルテ番号', '件数', '端末ID', 'IPアドレス'] as const;

/** Excel opens a UTF-8 file as Shift_JIS unless it starts with a byte order mark. */
const BOM = '\uFEFF';

/**
 * One cell. Text a spreadsheet would run as a formula (= + - @, and the tab or carriage return
 * that can precede one) gets a leading quote, so a name typed as "=HYPERLINK(…)" stays text;
 * then the RFC 4180 quoting for commas, quotes and line breaks.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The whole file: BOM, the Japanese header, one line per row, CRLF line ends as Excel writes them. */
export function auditCsv(rows: AuditLogRowView[]): string {
  const lines = [AUDIT_CSV_HEADER.join(',')];
  for (const row of rows) {
    lines.push(
      [
        formatJapanTime(row.at),
        row.username,
        row.action,
        row.entity,
        row.entityId,
        row.customer?.name ?? null,
        row.customer?.chartNumber ?? null,
        row.recordCount,
        row.clientId,
        row.ip,
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return `${BOM}${lines.join('\r\n')}\r\n`;
}
