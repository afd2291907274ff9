import { CloudSyncOutlined, CloudUploadOutlined, DisconnectOutlined, WarningOutlined, WifiOutlined } from '@ant-design/icons';
import { Badge, Button, Grid, Space, Spin, Tag, Tooltip, Typography } from 'antd';
import { ja } from '../../i18n/ja';
import { useSyncStatus } from '../../sync';
import { formatSyncedAt } from './problem-labels';
import { closeSyncProblems, openSyncProblems, useSyncProblemsOpen } from './problems-drawer-store';
import { SyncProblemsDrawer } from './sync-problems-drawer';

const t = ja.syncStatus;

/**
 * Always in the top bar: network, changes waiting to sync, last sync, and the problems list.
 * Below the sm breakpoint (a 390 px phone) the words collapse into icons with badges and labels.
 */
export function SyncStatusBar() {
  const status = useSyncStatus();
  const open = useSyncProblemsOpen();
  const compact = !Grid.useBreakpoint().sm;
  const network = status.online ? t.online : t.offline;
  const pending = status.pendingCount > 0 ? t.pending(status.pendingCount) : t.synced;
  const lastSynced = status.lastSyncedAt ? t.lastSynced(formatSyncedAt(status.lastSyncedAt)) : null;
  const problems = t.problems(status.problemCount);

  return (
    <Space size={compact ? 4 : 8} align="center" role="status" aria-label={[network, pending, lastSynced].filter(Boolean).join('、')}>
      {compact ? (
        <Tooltip title={network}>
          <span role="img" aria-label={network} style={{ color: status.online ? '#16a34a' : '#dc2626', fontSize: 18 }}>
            {status.online ? <WifiOutlined /> : <DisconnectOutlined />}
          </span>
        </Tooltip>
      ) : (
        <Tag color={status.online ? 'success' : 'error'} style={{ marginInlineEnd: 0 }}>
          {network}
        </Tag>
      )}
      {compact ? (
        <Tooltip title={[pending, lastSynced].filter(Boolean).join(' / ')}>
          <Badge count={status.pendingCount} size="small" overflowCount={999}>
            <span role="img" aria-label={pending} style={{ fontSize: 18 }}>
              <CloudUploadOutlined />
            </span>
          </Badge>
        </Tooltip>
      ) : (
        <Badge status={status.pendingCount > 0 ? 'warning' : 'success'} text={pending} />
      )}
      {!compact && lastSynced && (
        <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
          {lastSynced}
        </Typography.Text>
      )}
      {status.syncing && <Spin size="small" indicator={<CloudSyncOutlined spin aria-label={t.syncing} />} />}
      <Tooltip title={status.error}>
        <Badge count={status.problemCount} size="small">
          <Button
            type="text"
            aria-label={problems}
            icon={<WarningOutlined style={{ color: status.problemCount > 0 || status.error ? '#d97706' : undefined }} />}
            onClick={openSyncProblems}
          />
        </Badge>
      </Tooltip>
      <SyncProblemsDrawer open={open} onClose={closeSyncProblems} error={status.error} />
    </Space>
  );
}
