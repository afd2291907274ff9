import type { AuditLogPage, AuditLogRowView } from '@clinic/sync-protocol/admin';
import { AUDIT_LOG_LIMITS } from '@clinic/sync-protocol/admin/limits';
import { japanDateTime } from '@clinic/sync-protocol/rules';
import { jaAuditLog } from '../../i18n/ja-admin-logs';
import { actionLabel, deviceLabel, entityLabel } from './action-label';
import { ScrollTable, serverPagination, WRAP_CELL, type ScrollColumn } from '../../components/scroll-table';

const t = jaAuditLog;

/** Below this width (a phone) each row is a card. */
export const AUDIT_CARDS_BELOW = 640;

type Props = { page: AuditLogPage; pageIndex: number; onPage: (index: number) => void };

const recordOf = (row: AuditLogRowView) =>
  row.recordCount > 1 ? `${entityLabel(row.entity)}・${t.records(row.recordCount)}` : entityLabel(row.entity);

function Patient({ row }: { row: AuditLogRowView }) {
  if (!row.customer) return <>{t.noCustomer}</>;
  return (
    <span>
      {row.customer.name}
      <span className="audit-chart-number">{t.chart(row.customer.chartNumber)}</span>
    </span>
  );
}

/** Who sent the row's change, when it was someone other than its author (a shared tablet's outbox). */
const senderOf = (row: AuditLogRowView) =>
  row.deliveredBy && row.deliveredBy.id !== row.userId
    ? (row.deliveredBy.displayName ?? row.deliveredBy.username ?? t.system)
    : null;

/** The person by their display name (佐藤 花子), else the user name. */
const authorOf = (row: AuditLogRowView) => row.displayName ?? row.username ?? t.system;

/**
 * When the change was made (the device's time of the change), and when it arrived beside it when that
 * was another minute: changes made 03:27–03:31 offline read so, not as the 03:45 they were sent.
 */
function When({ row }: { row: AuditLogRowView }) {
  const made = japanDateTime(row.madeAt ?? row.at);
  const arrived = japanDateTime(row.at);
  return (
    <span>
      {made}
      {arrived !== made && <span className="audit-arrived">{t.arrivedAt(arrived)}</span>}
    </span>
  );
}

const sentByNote = (row: AuditLogRowView) => {
  const sender = senderOf(row);
  return sender ? `（${t.sentBy(sender)}）` : null;
};

function Who({ row }: { row: AuditLogRowView }) {
  const sender = senderOf(row);
  return (
    <span>
      {authorOf(row)}
      {sender && <span className="audit-sent-by">{t.sentBy(sender)}</span>}
    </span>
  );
}

/**
 * The access log, newest first, 100 rows a page: who, what, which record and patient, from which
 * device (by the name it was given in 設定). On a phone each row is a card.
 */
export function AuditTable({ page, pageIndex, onPage }: Props) {
  const columns: ScrollColumn<AuditLogRowView>[] = [
    { key: 'at', fitWidth: 150, title: t.columns.at, render: (_, row) => <When row={row} /> },
    {
      key: 'user',
      fitWidth: 110,
      title: t.columns.user,
      className: WRAP_CELL,
      render: (_, row) => <Who row={row} />,
    },
    {
      key: 'action',
      fitWidth: 150,
      title: t.columns.action,
      className: WRAP_CELL,
      render: (_, row) => actionLabel(row.action),
    },
    { key: 'record', fitWidth: 120, title: t.columns.record, className: WRAP_CELL, render: (_, row) => recordOf(row) },
    {
      key: 'customer',
      fitWidth: 160,
      title: t.columns.customer,
      className: WRAP_CELL,
      render: (_, row) => <Patient row={row} />,
    },
    {
      key: 'device',
      fitWidth: 150,
      title: t.columns.device,
      className: WRAP_CELL,
      render: (_, row) => deviceLabel(row),
    },
  ];
  return (
    <ScrollTable<AuditLogRowView>
      rowKey="id"
      dataSource={page.rows}
      label={t.list}
      empty={t.empty}
      pagination={serverPagination({
        index: pageIndex,
        size: AUDIT_LOG_LIMITS.page,
        total: page.total,
        onPage,
        summary: t.total,
      })}
      columns={columns}
      cards={{
        below: AUDIT_CARDS_BELOW,
        render: (row) => (
          <div className="scroll-card">
            <div className="scroll-card-text">
              <span>
                <strong>{actionLabel(row.action)}</strong>（{recordOf(row)}）
              </span>
              <span className="scroll-card-meta">
                <When row={row} />・{authorOf(row)}
                {sentByNote(row)}
              </span>
              <span className="scroll-card-meta">
                {t.columns.customer}：<Patient row={row} />
              </span>
              <span className="scroll-card-meta">
                {t.columns.device}：{deviceLabel(row)}
              </span>
            </div>
          </div>
        ),
      }}
    />
  );
}
