import {
  CheckCircleOutlined,
  CloudSyncOutlined,
  CloudUploadOutlined,
  DisconnectOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { Badge, Button, Grid, Spin, Tag, theme } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { ja } from '../../i18n/ja';
import { type SyncStatus, useSyncStatus } from '../../sync';
import { type SyncState, type SyncTone, describeSyncState } from './describe-sync-state';
import { formatSyncedAt } from './problem-labels';
import { closeSyncProblems, openSyncProblems, useSyncProblemsOpen } from './problems-drawer-store';
import { onDemand, whenIdle } from '../on-demand';
import { Text } from '../text';

const t = ja.syncStatus;
// The drawer (and antd's drawer, alert and popconfirm code) loads once the first screen is shown.
const drawer = onDemand(() => import('./sync-status-drawer').then((m) => m.SyncStatusDrawer));
const SyncStatusDrawer = drawer.Component;
/** Dark enough for 4.5:1 on the tag's pale green. */
const ONLINE_TAG = { color: '#237804', background: '#f6ffed', borderColor: '#b7eb8f' };
const ICONS: Record<SyncTone, ReactNode> = {
  synced: <CheckCircleOutlined aria-hidden />,
  pending: <CloudUploadOutlined aria-hidden />,
  offline: <DisconnectOutlined aria-hidden />,
  problem: <WarningOutlined aria-hidden />,
};

type Parts = { status: SyncStatus; state: SyncState; lastSynced: string | null };

/** Tablet: the network, what waits and the last sync, in words beside the button. */
function Words({ status, lastSynced }: Parts) {
  const { token } = theme.useToken();
  return (
    <>
      <Tag style={{ marginInlineEnd: 0, ...(status.online ? ONLINE_TAG : {}) }}>
        {status.online ? t.online : t.offline}
      </Tag>
      {/* Nothing about what waits until the device has been read: never 同期済み while changes wait. */}
      {status.countsKnown && (
        <Badge
          color={status.pendingCount > 0 ? token.colorInfo : token.colorSuccess}
          text={status.pendingCount > 0 ? t.pending(status.pendingCount) : t.synced}
          style={{ whiteSpace: 'nowrap' }}
        />
      )}
      {lastSynced && (
        <Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
          {lastSynced}
        </Text>
      )}
      {status.syncing && <Spin size="small" indicator={<CloudSyncOutlined spin aria-label={t.syncing} />} />}
    </>
  );
}

/**
 * The button's icon says the state; ⚠ only when something needs a person. Its badge counts those, or on
 * a phone (where no words stand beside it) the changes waiting to be sent.
 */
function StateIcon({ status, state, compact }: Parts & { compact: boolean }) {
  const { token } = theme.useToken();
  const tone: SyncTone = state.attention ? 'problem' : state.tone;
  const colors: Record<SyncTone, string> = {
    synced: token.colorSuccessText,
    pending: token.colorInfo,
    offline: token.colorTextSecondary,
    problem: token.colorError,
  };
  const count = status.problemCount > 0 ? status.problemCount : compact ? status.pendingCount : 0;
  // No green before the device has been read (issue 37: it said 同期済み while 9 changes waited).
  const color = tone === 'synced' && !status.countsKnown ? token.colorTextSecondary : colors[tone];
  const icon = <span style={{ color, fontSize: 22, lineHeight: 1 }}>{ICONS[tone]}</span>;
  // No badge at all when there is nothing to count: antd's count otherwise zooms out for a moment with its
  // old number still in the button, while the button's name already says all is sent (axe saw the mismatch).
  if (count === 0 && tone !== 'problem') return icon;
  return (
    <Badge
      count={count}
      dot={tone === 'problem' && count === 0}
      color={status.problemCount > 0 || tone === 'problem' ? token.colorError : token.colorInfo}
      size="small"
      overflowCount={99}
    >
      {icon}
    </Badge>
  );
}

/**
 * Always in the top bar: one icon button opens 同期の状況, and its name says the state in words. On a
 * tablet the network, the waiting count and the last sync stand beside it in words; on a phone (below
 * antd's sm breakpoint) the button alone is the status.
 */
export function SyncStatusBar() {
  const status = useSyncStatus();
  const open = useSyncProblemsOpen();
  const compact = !Grid.useBreakpoint().sm;
  const state = describeSyncState(status);
  const lastSynced = status.lastSyncedAt ? t.lastSynced(formatSyncedAt(status.lastSyncedAt)) : null;
  const said = [state.sentence, state.problems].filter(Boolean).join('');
  const parts = { status, state, lastSynced };
  // Mounted from its first opening on, so it closes with its animation as before.
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  useEffect(() => whenIdle(() => void drawer.preload().catch(() => undefined)), []);

  return (
    <div role="status" aria-label={said} style={{ display: 'flex', alignItems: 'center', gap: 8, minWidth: 0 }}>
      {!compact && <Words {...parts} />}
      <Button
        type="text"
        size="large"
        aria-label={t.buttonLabel(said)}
        onClick={openSyncProblems}
        style={{ width: 48, paddingInline: 0 }}
      >
        <StateIcon {...parts} compact={compact} />
      </Button>
      {opened && <SyncStatusDrawer open={open} onClose={closeSyncProblems} state={state} lastSynced={lastSynced} />}
    </div>
  );
}
