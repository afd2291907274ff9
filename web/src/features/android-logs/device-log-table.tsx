import { japanDateTime } from '@clinic/sync-protocol/rules';
import type { DeviceLogSession } from '@clinic/sync-protocol/admin';
import { DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { formatBytes } from '../../components/media-thumb';
import { StatusTag } from '../../components/status-tag';
import { jaDeviceLogs } from '../../i18n/ja-admin-logs';
import { errorCountTone, pageLoadTone, shortSession } from './log-tones';
import { ScrollTable, STICKY_ACTIONS } from '../../components/scroll-table';

const t = jaDeviceLogs;

type Props = {
  logs: DeviceLogSession[];
  onDetail: (log: DeviceLogSession) => void;
  onDownload: (log: DeviceLogSession) => void;
};

/** The sessions received (spec 2 "Session list with detail and download"), newest first; it scrolls sideways inside itself. */
export function DeviceLogTable({ logs, onDetail, onDownload }: Props) {
  return (
    <ScrollTable<DeviceLogSession>
      rowKey="fileName"
      dataSource={logs}
      pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
      minWidth={1000}
      label={t.list}
      empty={t.empty}
      columns={[
        { key: 'time', title: t.columns.uploadTime, render: (_, log) => japanDateTime(log.uploadTime) },
        {
          key: 'errors',
          title: t.columns.errors,
          render: (_, log) => <StatusTag tone={errorCountTone(log.errorCount)}>{log.errorCount}</StatusTag>,
        },
        {
          key: 'load',
          title: t.columns.pageLoad,
          render: (_, log) => {
            const tone = pageLoadTone(log.performance.pageLoadTime);
            return tone ? <StatusTag tone={tone}>{t.ms(log.performance.pageLoadTime)}</StatusTag> : '—';
          },
        },
        {
          key: 'device',
          title: t.columns.device,
          render: (_, log) => `${log.deviceInfo.platform || '—'}・${log.deviceInfo.screenSize || '—'}`,
        },
        { key: 'session', title: t.columns.session, render: (_, log) => <code>{shortSession(log.sessionId)}</code> },
        { key: 'actions', title: t.columns.actions, dataIndex: 'actionCount' },
        { key: 'size', title: t.columns.size, render: (_, log) => formatBytes(log.fileSize) },
        { key: 'kind', title: t.columns.kind, render: (_, log) => t.kinds[log.kind] },
        {
          key: 'buttons',
          className: STICKY_ACTIONS,
          title: t.columns.operations,
          render: (_, log) => (
            <span className="device-logs-actions">
              <Button
                size="large"
                icon={<EyeOutlined />}
                aria-label={t.detailOf(shortSession(log.sessionId))}
                onClick={() => onDetail(log)}
              >
                {t.detail}
              </Button>
              <Button
                size="large"
                icon={<DownloadOutlined />}
                aria-label={t.downloadOf(shortSession(log.sessionId))}
                onClick={() => onDownload(log)}
              >
                {t.download}
              </Button>
            </span>
          ),
        },
      ]}
    />
  );
}
