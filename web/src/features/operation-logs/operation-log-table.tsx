import type { OperationLogEntry, OperationLogPage } from '@clinic/sync-protocol/admin';
import { japanDateTime } from '@clinic/sync-protocol/rules';
import { OPERATION_LOG_LIMITS } from '@clinic/sync-protocol/admin/limits';
import { EyeOutlined, FileSearchOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { StatusTag } from '../../components/status-tag';
import { jaOperationLogs } from '../../i18n/ja-admin-logs';
import { deviceLabel, operationLabel } from './operation-format';
import {
  ScrollTable,
  serverPagination,
  STICKY_ACTIONS,
  WRAP_CELL,
  type ScrollColumn,
} from '../../components/scroll-table';

const t = jaOperationLogs;
const PAGE = OPERATION_LOG_LIMITS.listLimit;

/** Below this width (a phone) each entry is a card. */
export const OPERATION_CARDS_BELOW = 640;

type Props = {
  page: OperationLogPage;
  pageIndex: number;
  onPage: (index: number) => void;
  onDetail: (entry: OperationLogEntry) => void;
  onReport: (entry: OperationLogEntry) => void;
};

const ErrorMark = ({ entry }: { entry: OperationLogEntry }) =>
  entry.error ? <StatusTag tone="error">{t.errorMark}</StatusTag> : <>{t.noError}</>;

function EntryButtons({
  entry,
  onDetail,
  onReport,
}: { entry: OperationLogEntry } & Pick<Props, 'onDetail' | 'onReport'>) {
  return (
    <span className="operation-logs-actions">
      <Button
        size="large"
        icon={<EyeOutlined aria-hidden />}
        aria-label={t.detailOf(operationLabel(entry.operation))}
        onClick={() => onDetail(entry)}
      >
        {t.detail}
      </Button>
      <Button
        size="large"
        icon={<FileSearchOutlined aria-hidden />}
        aria-label={t.reportOf(operationLabel(entry.operation))}
        onClick={() => onReport(entry)}
      >
        {t.report}
      </Button>
    </span>
  );
}

/**
 * One page of 100 entries (spec 9), newest first; paging asks the server for the next 100. On a
 * tablet the time, operation, error, device and user stay in view (画面 when there is room); on a
 * phone each entry is a card.
 */
export function OperationLogTable({ page, pageIndex, onPage, onDetail, onReport }: Props) {
  const columns: ScrollColumn<OperationLogEntry>[] = [
    { key: 'time', fitWidth: 150, title: t.columns.time, render: (_, e) => japanDateTime(e.serverTimestamp) },
    {
      key: 'operation',
      fitWidth: 130,
      title: t.columns.operation,
      className: WRAP_CELL,
      render: (_, e) => operationLabel(e.operation),
    },
    { key: 'error', fitWidth: 80, title: t.columns.error, render: (_, e) => <ErrorMark entry={e} /> },
    { key: 'screen', fitWidth: 120, priority: 1, title: t.columns.screen, render: (_, e) => e.screen || '—' },
    {
      key: 'device',
      fitWidth: 140,
      title: t.columns.device,
      className: WRAP_CELL,
      render: (_, e) => deviceLabel(e.device),
    },
    {
      key: 'user',
      fitWidth: 150,
      title: t.columns.user,
      className: WRAP_CELL,
      render: (_, e) => t.claimedUser(e.userEmail),
    },
    {
      key: 'buttons',
      fitWidth: 260,
      className: STICKY_ACTIONS,
      title: t.columns.actions,
      render: (_, e) => <EntryButtons entry={e} onDetail={onDetail} onReport={onReport} />,
    },
  ];
  return (
    <ScrollTable<OperationLogEntry>
      rowKey="id"
      dataSource={page.logs}
      label={t.list}
      empty={t.empty}
      pagination={serverPagination({ index: pageIndex, size: PAGE, total: page.total, onPage, summary: t.total })}
      columns={columns}
      cards={{
        below: OPERATION_CARDS_BELOW,
        render: (e) => (
          <div className="scroll-card">
            <div className="scroll-card-text">
              <span>
                <strong>{operationLabel(e.operation)}</strong> <ErrorMark entry={e} />
              </span>
              <span className="scroll-card-meta">{japanDateTime(e.serverTimestamp)}</span>
              <span className="scroll-card-meta">
                {t.columns.device}：{deviceLabel(e.device)}
              </span>
              <span className="scroll-card-meta">{t.claimedUser(e.userEmail)}</span>
            </div>
            <EntryButtons entry={e} onDetail={onDetail} onReport={onReport} />
          </div>
        ),
      }}
    />
  );
}
