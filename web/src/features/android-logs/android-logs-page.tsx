import type { DeviceLogSession, DeviceLogStats } from '@clinic/sync-protocol/admin';
import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Spin } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../api';
import { deviceLogFilePath, fetchFile } from '../../api/admin-logs-api';
import { BarChart } from '../../components/bar-chart';
import { Card } from '../../components/card';
import { StatCards } from '../../components/stat-cards';
import { useToast } from '../../components/toast';
import { downloadBlob } from '../../export';
import { jaDeviceLogs } from '../../i18n/ja-admin-logs';
import { DeviceLogDetailDialog } from './device-log-detail';
import { DeviceLogTable } from './device-log-table';
import { ErrorTypeChips } from './error-type-chips';
import { errorCountTone, pageLoadTone } from './log-tones';
import { SendReportCard } from './send-report-card';
import { useDeviceLogs } from './use-device-logs';
import { useSendReport } from './use-send-report';
import './android-logs.css';

const t = jaDeviceLogs;

/**
 * 端末エラーログ (spec 2 "Android logs page", admin only): send this device's report, the figures and
 * error types of what the tablets and phones sent, the sessions with detail and download.
 */
export default function AndroidLogsPage() {
  const toast = useToast();
  const [errorType, setErrorType] = useState<string | null>(null);
  const [detail, setDetail] = useState<DeviceLogSession | null>(null);
  const { data, loading, error, offline, reload } = useDeviceLogs(errorType);
  const report = useSendReport(() => void reload());

  const download = async (log: DeviceLogSession) => {
    try {
      const file = await fetchFile(deviceLogFilePath(log.fileName));
      downloadBlob(file.fileName ?? log.fileName, file.blob);
    } catch (failure) {
      toast.error(t.downloadFailed(failure instanceof ApiError ? failure.status : null));
    }
  };

  return (
    <div className="device-logs-page">
      <SendReportCard {...report} onSend={(test) => void report.send(test)} />
      {offline && <Alert type="warning" showIcon title={t.offline} />}
      {error && <Alert type="error" showIcon title={error} />}
      <StatCards label={t.statsLabel} stats={statsOf(data?.stats ?? null)} />
      {data && (
        <>
          <ErrorTypeChips types={data.stats.errorTypes} selected={errorType} onSelect={setErrorType} />
          <Card>
            <BarChart
              title={t.chart}
              summary={chartSummary(data.stats)}
              series={[{ name: t.stats.errors, color: '#cf1322' }]}
              points={data.stats.errorsPerDay.map((d) => ({
                label: d.date.slice(5).replace('-', '/'),
                values: [d.count],
              }))}
            />
          </Card>
        </>
      )}
      <div className="device-logs-toolbar">
        <h2 className="device-logs-heading">{t.list}</h2>
        <Button size="large" icon={<ReloadOutlined aria-hidden />} disabled={offline} onClick={() => void reload()}>
          {t.reload}
        </Button>
      </div>
      {loading && !data ? (
        <Spin />
      ) : (
        data && <DeviceLogTable logs={data.logs} onDetail={setDetail} onDownload={(log) => void download(log)} />
      )}
      {detail && <DeviceLogDetailDialog fileName={detail.fileName} onClose={() => setDetail(null)} />}
    </div>
  );
}

function statsOf(stats: DeviceLogStats | null) {
  const s = stats?.summary;
  return [
    { key: 'sessions', label: t.stats.sessions, value: s ? s.totalSessions : '—' },
    {
      key: 'errors',
      label: t.stats.errors,
      value: s ? s.totalErrors : '—',
      tone: s ? errorCountTone(s.totalErrors) : undefined,
    },
    { key: 'actions', label: t.stats.actions, value: s ? s.totalActions : '—' },
    {
      key: 'load',
      label: t.stats.pageLoad,
      value: s ? t.ms(s.avgPageLoadTime) : '—',
      tone: s ? pageLoadTone(s.avgPageLoadTime) : undefined,
    },
  ];
}

function chartSummary(stats: DeviceLogStats): string {
  const total = stats.errorsPerDay.reduce((sum, d) => sum + d.count, 0);
  const peak = stats.errorsPerDay.reduce<{ date: string; count: number } | null>(
    (best, d) => (d.count > (best?.count ?? 0) ? d : best),
    null,
  );
  return t.chartSummary(total, peak ? `${peak.date.slice(5).replace('-', '/')}の${peak.count}件` : '');
}
