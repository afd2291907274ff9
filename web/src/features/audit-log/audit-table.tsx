import type { AuditLogPage, AuditLogRowView } from '@clinic/sync-protocol/admin';
import { AUDIT_LOG_LIMITS } from '@clinic/sync-protocol/admin/limits';
import { japanDateTime } from '@clinic/sync-protocol/rules';
import { jaAuditLog } from '../../i18n/ja-admin-logs';
import { actionLabel, entityLabel } from './action-label';
import { ScrollTable, serverPagination } from '../../components/scroll-table';

const t = jaAuditLog;

type Props = { page: AuditLogPage; pageIndex: number; onPage: (index: number) => void };

/** The access log, newest first, 100 rows a page; it scrolls sideways inside itself on a phone. */
export function AuditTable({ page, pageIndex, onPage }: Props) {
  return (
    <ScrollTable<AuditLogRowView>
      rowKey="id"
      dataSource={page.rows}
      label={t.list}
      empty={t.empty}
      minWidth={1000}
      pagination={serverPagination({
        index: pageIndex,
        size: AUDIT_LOG_LIMITS.page,
        total: page.total,
        onPage,
        summary: t.total,
      })}
      columns={[
        { key: 'at', title: t.columns.at, render: (_, row) => japanDateTime(row.at) },
        { key: 'user', title: t.columns.user, render: (_, row) => row.username ?? t.system },
        { key: 'action', title: t.columns.action, render: (_, row) => actionLabel(row.action) },
        {
          key: 'record',
          title: t.columns.record,
          render: (_, row) =>
            row.recordCount > 1 ? `${entityLabel(row.entity)}・${t.records(row.recordCount)}` : entityLabel(row.entity),
        },
        {
          key: 'customer',
          title: t.columns.customer,
          render: (_, row) =>
            row.customer ? (
              <span>
                {row.customer.name}
                <span className="audit-chart-number">{t.chart(row.customer.chartNumber)}</span>
              </span>
            ) : (
              t.noCustomer
            ),
        },
        {
          key: 'device',
          title: t.columns.device,
          render: (_, row) => [row.ip, row.clientId?.slice(0, 8)].filter(Boolean).join('・') || '—',
        },
      ]}
    />
  );
}
