import { Alert, Drawer, Empty, Typography } from 'antd';
import { ja } from '../../i18n/ja';
import { useSyncProblems } from '../../sync';
import { ConflictItem } from './conflict-item';
import { RejectionItem } from './rejection-item';
import { useProblemActions } from './use-problem-actions';

const t = ja.syncProblems;
const list = { listStyle: 'none', margin: 0, padding: 0 } as const;

type Props = { open: boolean; onClose: () => void; error: string | null };

/** 同期できなかった変更: refused changes (retry as new / discard) and overwritten values (acknowledge). */
export function SyncProblemsDrawer({ open, onClose, error }: Props) {
  const { rejections, conflicts } = useSyncProblems();
  const actions = useProblemActions();
  const empty = rejections.length === 0 && conflicts.length === 0;
  return (
    <Drawer open={open} onClose={onClose} title={t.title} placement="right" size={420}>
      {error && <Alert type="warning" showIcon title={t.lastError} description={error} style={{ marginBottom: 16 }} />}
      {empty && <Empty description={t.none} />}
      {rejections.length > 0 && (
        <section aria-label={t.rejectedHeading}>
          <Typography.Title level={3} style={{ fontSize: 16 }}>
            {t.rejectedHeading}
          </Typography.Title>
          <ul style={list}>
            {rejections.map((r) => (
              <RejectionItem key={r.mutationId} rejection={r} onRetry={() => actions.retry(r)} onDiscard={() => actions.discard(r)} />
            ))}
          </ul>
        </section>
      )}
      {conflicts.length > 0 && (
        <section aria-label={t.conflictsHeading}>
          <Typography.Title level={3} style={{ fontSize: 16, marginTop: 16 }}>
            {t.conflictsHeading}
          </Typography.Title>
          <ul style={list}>
            {conflicts.map((c) => (
              <ConflictItem key={c.id} conflict={c} onAcknowledge={() => actions.acknowledge(c)} />
            ))}
          </ul>
        </section>
      )}
    </Drawer>
  );
}
