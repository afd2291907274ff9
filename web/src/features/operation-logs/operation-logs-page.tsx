import { Tabs } from 'antd';
import { useState } from 'react';
import { jaOperationLogs } from '../../i18n/ja-admin-logs';
import { AnalysisTab } from './analysis-tab';
import { LogsTab } from './logs-tab';
import './operation-logs.css';

const t = jaOperationLogs;

/**
 * 操作ログ分析 (spec 2 "PWA operation log page", admin only): what the screens logged on every device,
 * and where it went wrong, as two tabs. Online views of the server's records.
 */
export default function OperationLogsPage() {
  const [tab, setTab] = useState<'logs' | 'analysis'>('logs');
  return (
    <div className="operation-logs-page">
      <Tabs
        size="large"
        activeKey={tab}
        onChange={(key) => setTab(key as 'logs' | 'analysis')}
        destroyOnHidden
        items={[
          { key: 'logs', label: t.tabs.logs, children: <LogsTab /> },
          { key: 'analysis', label: t.tabs.analysis, children: <AnalysisTab /> },
        ]}
      />
    </div>
  );
}
