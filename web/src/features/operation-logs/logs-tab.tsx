import type { OperationLogEntry } from '@clinic/sync-protocol/admin';
import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Spin } from 'antd';
import { useState } from 'react';
import { jaOperationLogs } from '../../i18n/ja-admin-logs';
import { ErrorReportDialog } from './error-report-dialog';
import { LogDetailDialog } from './log-detail-dialog';
import { LogFilters } from './log-filters';
import { OperationLogTable } from './operation-log-table';
import { NO_FILTER, useOperationLogs, type LogFilter } from './use-operation-logs';

const t = jaOperationLogs;

/** The log tab: filters, one page of entries, and each entry's detail and error report. */
export function LogsTab() {
  const [filter, setFilter] = useState<LogFilter>(NO_FILTER);
  const [detail, setDetail] = useState<OperationLogEntry | null>(null);
  const [report, setReport] = useState<OperationLogEntry | null>(null);
  const { data, loading, error, offline, reload } = useOperationLogs(filter);
  return (
    <div className="operation-logs-tab">
      <LogFilters filter={filter} onChange={setFilter} />
      {offline && <Alert type="warning" showIcon title={t.offline} />}
      {error && <Alert type="error" showIcon title={error} />}
      <div className="operation-logs-toolbar">
        <h2 className="operation-logs-subheading">{t.list}</h2>
        <Button size="large" icon={<ReloadOutlined aria-hidden />} disabled={offline} onClick={() => void reload()}>
          {t.reload}
        </Button>
      </div>
      {loading && !data ? (
        <Spin />
      ) : (
        data && (
          <OperationLogTable
            page={data}
            pageIndex={filter.page}
            onPage={(page) => setFilter({ ...filter, page })}
            onDetail={setDetail}
            onReport={setReport}
          />
        )
      )}
      {detail && <LogDetailDialog entry={detail} onClose={() => setDetail(null)} />}
      {report && <ErrorReportDialog entry={report} onClose={() => setReport(null)} />}
    </div>
  );
}
