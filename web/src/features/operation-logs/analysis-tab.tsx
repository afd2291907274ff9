import type { ErrorAnalysis } from '@clinic/sync-protocol/admin';
import { OPERATION_LOG_LIMITS } from '@clinic/sync-protocol/admin/limits';
import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Select, Spin } from 'antd';
import { useState } from 'react';
import { fetchErrorAnalysis } from '../../api/admin-logs-api';
import { useOnlineQuery } from '../../online/use-online-query';
import { BarChart, HorizontalBars } from '../../components/bar-chart';
import { Card } from '../../components/card';
import { FilterBar, FilterField } from '../../components/filter-bar';
import { StatCards } from '../../components/stat-cards';
import { jaOperationLogs } from '../../i18n/ja-admin-logs';
import { deviceLabel, operationLabel } from './operation-format';
import { ScrollTable, WRAP_CELL } from '../../components/scroll-table';

const t = jaOperationLogs.analysis;

/** Spec 2/3 "Error analysis" over the last N days (default 7): the figures, as numbers and as charts. */
export function AnalysisTab() {
  const [days, setDays] = useState<number>(OPERATION_LOG_LIMITS.analysisDays);
  const { data, loading, error, offline, reload } = useOnlineQuery(
    ['error-analysis', days],
    (call) => fetchErrorAnalysis(days, call),
    jaOperationLogs.analysisFailed,
  );
  return (
    <div className="operation-logs-tab">
      <FilterBar>
        <FilterField label={t.days}>
          {(labelId) => (
            <Select
              size="large"
              aria-labelledby={labelId}
              value={days}
              onChange={setDays}
              options={t.dayOptions}
              style={{ minWidth: 120 }}
            />
          )}
        </FilterField>
        <Button size="large" icon={<ReloadOutlined aria-hidden />} disabled={offline} onClick={() => void reload()}>
          {jaOperationLogs.reload}
        </Button>
      </FilterBar>
      {offline && <Alert type="warning" showIcon title={jaOperationLogs.offline} />}
      {error && <Alert type="error" showIcon title={error} />}
      {loading && !data ? <Spin /> : data && <AnalysisBody analysis={data} />}
    </div>
  );
}

function AnalysisBody({ analysis: a }: { analysis: ErrorAnalysis }) {
  const rateTone = a.errorRate === 0 ? 'ok' : a.errorRate < 5 ? 'warn' : 'error';
  const byOperation = errorsByLabel(a.errorsByOperation);
  const api = a.apiResponseAnalysis;
  return (
    <>
      <StatCards
        label={t.label}
        stats={[
          { key: 'total', label: t.total, value: a.totalOperations },
          { key: 'errors', label: t.errors, value: a.errorCount, tone: a.errorCount === 0 ? 'ok' : 'error' },
          { key: 'rate', label: t.rate, value: `${a.errorRate}%`, tone: rateTone },
          { key: 'emotion', label: t.emotion, value: a.emotionDisplayErrors },
          { key: 'ageGender', label: t.ageGender, value: a.ageGenderDisplayErrors },
        ]}
      />
      <Card>
        <BarChart
          title={t.perDay}
          summary={t.perDaySummary(a.totalOperations, a.errorCount)}
          series={[
            { name: t.series.operations, color: '#1677ff' },
            { name: t.series.errors, color: '#cf1322' },
          ]}
          points={a.perDay.map((d) => ({ label: d.date.slice(5).replace('-', '/'), values: [d.operations, d.errors] }))}
        />
      </Card>
      <div className="operation-analysis-grid">
        <Card>
          <HorizontalBars
            title={t.api}
            color="#1677ff"
            rows={(Object.keys(t.apiRows) as (keyof typeof api)[]).map((key) => ({
              label: t.apiRows[key],
              value: api[key],
            }))}
            max={Math.max(1, api.totalApiCalls)}
          />
        </Card>
        <Card>
          {byOperation.length === 0 ? (
            <p>{t.none}</p>
          ) : (
            <HorizontalBars
              title={t.byOperation}
              color="#cf1322"
              rows={byOperation.map(([label, n]) => ({ label, value: n }))}
            />
          )}
        </Card>
      </div>
      <Card>
        {/* h2: the page's own headings start at h2 under the top bar's h1 (axe heading-order). */}
        <h2 className="operation-logs-subheading operation-analysis-heading">{t.byDevice}</h2>
        <ScrollTable
          rowKey={(row) => `${row.type}|${row.os}|${row.browser}`}
          dataSource={a.deviceBreakdown}
          pagination={false}
          label={t.byDevice}
          empty={t.noDevices}
          columns={[
            {
              key: 'device',
              fitWidth: 240,
              title: t.deviceColumns.device,
              className: WRAP_CELL,
              render: (_, row) => deviceLabel(row),
            },
            { key: 'count', fitWidth: 100, title: t.deviceColumns.count, dataIndex: 'count' },
            { key: 'errors', fitWidth: 100, title: t.deviceColumns.errors, dataIndex: 'errorCount' },
          ]}
        />
      </Card>
    </>
  );
}

/** Errors per operation as staff read them, most first; the operations no one has a name for count together as 不明な操作. */
function errorsByLabel(errors: Record<string, number>): [string, number][] {
  const byLabel = new Map<string, number>();
  for (const [operation, count] of Object.entries(errors))
    byLabel.set(operationLabel(operation), (byLabel.get(operationLabel(operation)) ?? 0) + count);
  return [...byLabel].sort((x, y) => y[1] - x[1]);
}
