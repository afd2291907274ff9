import { Button, Popconfirm, Space, Typography } from 'antd';
import { ja } from '../../i18n/ja';
import type { RejectionView } from '../../sync';
import { formatTime, mutationLabel } from './problem-labels';

const t = ja.syncProblems;
type Props = { rejection: RejectionView; onRetry: () => Promise<void>; onDiscard: () => Promise<void> };

/** One change the server refused: what it was, about whom, why, and what can be done. */
export function RejectionItem({ rejection, onRetry, onDiscard }: Props) {
  const title = [mutationLabel(rejection.name), rejection.recordName].filter(Boolean).join('：');
  return (
    <li aria-label={title} style={{ padding: '12px 0', borderBottom: '1px solid #f0f0f0' }}>
      <Typography.Text strong>{title}</Typography.Text>
      <Typography.Paragraph style={{ margin: '4px 0' }}>{t.reason(rejection.reason)}</Typography.Paragraph>
      <Typography.Text type="secondary">{formatTime(rejection.at)}</Typography.Text>
      <Space wrap style={{ display: 'flex', marginTop: 8 }}>
        <Button size="small" type="primary" onClick={() => void onRetry()}>
          {t.retry}
        </Button>
        <Popconfirm title={t.discardConfirm} okText={t.discard} okButtonProps={{ danger: true }} cancelText={t.cancel} onConfirm={onDiscard}>
          <Button size="small" danger>
            {t.discard}
          </Button>
        </Popconfirm>
      </Space>
    </li>
  );
}
