import { japanDateTime } from '@clinic/sync-protocol/rules';
import type { DeviceLogSession } from '@clinic/sync-protocol/admin';
import { DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { formatBytes } from '../../components/media-thumb';
import { StatusTag } from '../../components/status-tag';
import { jaDeviceLogs } from '../../i18n/ja-admin-logs';
import { deviceOfSession } from './device-of-session';
import { errorCountTone, pageLoadTone, shortSession } from './log-tones';
import { ScrollTable, STICKY_ACTIONS, WRAP_CELL, type ScrollColumn } from '../../components/scroll-table';

const t = jaDeviceLogs;

/** Below this width (a phone) each session is a card. */
export const DEVICE_LOG_CARDS_BELOW = 640;

type Props = {
  logs: DeviceLogSession[];
  onDetail: (log: DeviceLogSession) => void;
  onDownload: (log: DeviceLogSession) => void;
};

const ErrorCount = ({ log }: { log: DeviceLogSession }) => (
  <StatusTag tone={errorCountTone(log.errorCount)}>{log.errorCount}</StatusTag>
);
function PageLoad({ log }: { log: DeviceLogSession }) {
  const tone = pageLoadTone(log.performance.pageLoadTime);
  return tone ? <StatusTag tone={tone}>{t.ms(log.performance.pageLoadTime)}</StatusTag> : <>—</>;
}

function SessionButtons({ log, onDetail, onDownload }: { log: DeviceLogSession } & Omit<Props, 'logs'>) {
  return (
    <span className="device-logs-actions">
      <Button
        size="large"
        icon={<EyeOutlined aria-hidden />}
        aria-label={t.detailOf(shortSession(log.sessionId))}
        onClick={() => onDetail(log)}
      >
        {t.detail}
      </Button>
      <Button
        size="large"
        icon={<DownloadOutlined aria-hidden />}
        aria-label={t.downloadOf(shortSession(log.sessionId))}
        onClick={() => onDownload(log)}
      >
        {t.download}
      </Button>
    </span>
  );
}

/**
 * The sessions received (spec 2 "Session list with detail and download"), newest first. On a tablet
 * the time, errors, load time, device and kind stay in view (session, actions and size when there is
 * room); on a phone each session is a card.
 */
export function DeviceLogTable({ logs, onDetail, onDownload }: Props) {
  const columns: ScrollColumn<DeviceLogSession>[] = [
    { key: 'time', fitWidth: 150, title: t.columns.uploadTime, render: (_, log) => japanDateTime(log.uploadTime) },
    { key: 'errors', fitWidth: 80, title: t.columns.errors, render: (_, log) => <ErrorCount log={log} /> },
    { key: 'load', fitWidth: 110, title: t.columns.pageLoad, render: (_, log) => <PageLoad log={log} /> },
    {
      key: 'device',
      fitWidth: 150,
      title: t.columns.device,
      className: WRAP_CELL,
      render: (_, log) => deviceOfSession(log),
    },
    {
      key: 'session',
      fitWidth: 110,
      priority: 1,
      title: t.columns.session,
      render: (_, log) => <code>{shortSession(log.sessionId)}</code>,
    },
    { key: 'actions', fitWidth: 70, priority: 2, title: t.columns.actions, dataIndex: 'actionCount' },
    {
      key: 'size',
      fitWidth: 80,
      priority: 3,
      title: t.columns.size,
      render: (_, log) => formatBytes(log.fileSize),
    },
    { key: 'kind', fitWidth: 100, title: t.columns.kind, render: (_, log) => t.kinds[log.kind] },
    {
      key: 'buttons',
      fitWidth: 260,
      className: STICKY_ACTIONS,
      title: t.columns.operations,
      render: (_, log) => <SessionButtons log={log} onDetail={onDetail} onDownload={onDownload} />,
    },
  ];
  return (
    <ScrollTable<DeviceLogSession>
      rowKey="fileName"
      dataSource={logs}
      pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
      label={t.list}
      empty={t.empty}
      columns={columns}
      cards={{
        below: DEVICE_LOG_CARDS_BELOW,
        render: (log) => (
          <div className="scroll-card">
            <div className="scroll-card-text">
              <span>
                <strong>{deviceOfSession(log)}</strong>
              </span>
              <span className="scroll-card-meta">
                {japanDateTime(log.uploadTime)}・{t.kinds[log.kind]}
              </span>
              <span className="scroll-card-meta">
                {t.columns.errors} <ErrorCount log={log} /> {t.columns.pageLoad} <PageLoad log={log} />
              </span>
            </div>
            <SessionButtons log={log} onDetail={onDetail} onDownload={onDownload} />
          </div>
        ),
      }}
    />
  );
}
