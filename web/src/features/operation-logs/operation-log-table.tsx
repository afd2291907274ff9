import type { OperationLogEntry, OperationLogPage } from '@clinic/sync-protocol/admin';
import { japanDateTime } from '@clinic/sync-protocol/rules';
import { OPERATION_LOG_LIMITS } from '@clinic/sync-protocol/admin/limits';
import { EyeOutlined, FileSearchOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { StatusTag } from '../../components/status-tag';
import { jaOperationLogs } from '../../i18n/ja-admin-logs';
import { deviceLabel, operationLabel } from './operation-format';
import { ScrollTable, serverPagination, STICKY_ACTIONS } from '../../components/scroll-table';

const t = jaOperationLogs;
const PAGE = OPERATION_LOG_LIMITS.listLimit;

type Props = {
  page: OperationLogPage;
  pageIndex: number;
  onPage: (index: number) => void;
  onDetail: (entry: OperationLogEntry) => void;
  onReport: (entry: OperationLogEntry) => void;
};

/** One page of 100 entries (spec 9), newest first; paging asks the server for the next 100. */
export function OperationLogTable({ page, pageIndex, onPage, onDetail, onReport }: Props) {
  return (
    <ScrollTable<OperationLogEntry>
      rowKey="id"
      dataSource={page.logs}
      label={t.list}
      empty={t.empty}
      minWidth={1000}
      pagination={serverPagination({ index: pageIndex, size: PAGE, total: page.total, onPage, summary: t.total })}
      columns={[
        { key: 'time', title: t.columns.time, render: (_, e) => japanDateTime(e.serverTimestamp) },
        { key: 'operation', title: t.columns.operation, render: (_, e) => operationLabel(e.operation) },
        {
          key: 'error',
          title: t.columns.error,
          render: (_, e) => (e.error ? <StatusTag tone="error">{t.errorMark}</StatusTag> : t.noError),
        },
        { key: 'screen', title: t.columns.screen, render: (_, e) => e.screen || '—' },
        { key: 'device', title: t.columns.device, render: (_, e) => deviceLabel(e.device) },
        { key: 'user', title: t.columns.user, render: (_, e) => t.claimedUser(e.claimedUserEmail) },
        {
          key: 'buttons',
          className: STICKY_ACTIONS,
          title: t.columns.actions,
          render: (_, e) => (
            <span className="operation-logs-actions">
              <Button
                size="large"
                icon={<EyeOutlined />}
                aria-label={t.detailOf(operationLabel(e.operation))}
                onClick={() => onDetail(e)}
              >
                {t.detail}
              </Button>
              <Button
                size="large"
                icon={<FileSearchOutlined />}
                aria-label={t.reportOf(operationLabel(e.operation))}
                onClick={() => onReport(e)}
              >
                {t.report}
              </Button>
            </span>
          ),
        },
      ]}
    />
  );
}
