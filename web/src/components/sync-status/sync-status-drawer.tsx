import { Alert, type AlertProps, Drawer, Typography } from 'antd';
import { ja } from '../../i18n/ja';
import { usePendingItems, useSyncProblems } from '../../sync';
import { ConflictItem } from './conflict-item';
import type { SyncState, SyncTone } from './describe-sync-state';
import { RejectionItem } from './rejection-item';
import { useProblemActions } from './use-problem-actions';

const t = ja.syncProblems;
const list = { listStyle: 'none', margin: 0, padding: 0 } as const;
const heading = { fontSize: 16, margin: '20px 0 0' } as const;
/** Offline and waiting are calm information; only a failing server is an error (changes to look at: a warning). */
const ALERT: Record<SyncTone, AlertProps['type']> = {
  synced: 'success',
  pending: 'info',
  offline: 'info',
  problem: 'error',
};

type Props = { open: boolean; onClose: () => void; state: SyncState; lastSynced: string | null };

/**
 * 同期の状況: what is true now in one sentence, then what needs a person: refused changes (retry as new /
 * discard) and overwritten values (put back / acknowledge). Its title is an h2 under the page's h1.
 */
export function SyncStatusDrawer({ open, onClose, state, lastSynced }: Props) {
  const { rejections, conflicts } = useSyncProblems();
  const waiting = usePendingItems();
  const actions = useProblemActions();
  const description = [state.problems, state.detail && ja.syncStatus.detail(state.detail)].filter(Boolean).join('\n');
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={
        <Typography.Title level={2} style={{ margin: 0, fontSize: 18 }}>
          {ja.syncStatus.title}
        </Typography.Title>
      }
      placement="right"
      size={420}
    >
      <Alert
        type={state.attention && state.tone !== 'problem' ? 'warning' : ALERT[state.tone]}
        showIcon
        title={state.sentence}
        description={description || undefined}
        style={{ whiteSpace: 'pre-line' }}
      />
      {lastSynced && (
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
          {lastSynced}
        </Typography.Paragraph>
      )}
      {waiting.length > 0 && (
        <section aria-label={ja.syncStatus.waitingHeading}>
          <Typography.Title level={3} style={heading}>
            {ja.syncStatus.waitingHeading}
          </Typography.Title>
          <ul style={{ margin: '8px 0 0', paddingInlineStart: 20 }}>
            {waiting.map((item) => (
              <li key={item.key}>{item.label}</li>
            ))}
          </ul>
        </section>
      )}
      {rejections.length > 0 && (
        <section aria-label={t.rejectedHeading}>
          <Typography.Title level={3} style={heading}>
            {t.rejectedHeading}
          </Typography.Title>
          <ul style={list}>
            {rejections.map((r) => (
              <RejectionItem
                key={r.mutationId}
                rejection={r}
                onRetry={() => actions.retry(r)}
                onDiscard={() => actions.discard(r)}
              />
            ))}
          </ul>
        </section>
      )}
      {conflicts.length > 0 && (
        <section aria-label={t.conflictsHeading}>
          <Typography.Title level={3} style={heading}>
            {t.conflictsHeading}
          </Typography.Title>
          <ul style={list}>
            {conflicts.map((c) => (
              <ConflictItem
                key={c.id}
                conflict={c}
                onRevert={() => actions.revert(c)}
                onAcknowledge={() => actions.acknowledge(c)}
              />
            ))}
          </ul>
        </section>
      )}
    </Drawer>
  );
}
