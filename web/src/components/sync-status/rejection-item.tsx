import { Button, Flex, Popconfirm, Typography } from 'antd';
import { ja } from '../../i18n/ja';
import type { RejectionView } from '../../sync';
import { changedFieldLabels, formatTime, mutationLabel } from './problem-labels';

const t = ja.syncProblems;
type Props = { rejection: RejectionView; onRetry: () => Promise<void>; onDiscard: () => Promise<void> };

/** One change the server refused: what it was, about whom, which fields, why, and what can be done. */
export function RejectionItem({ rejection, onRetry, onDiscard }: Props) {
  const title = [mutationLabel(rejection.name), rejection.recordName].filter(Boolean).join('：');
  const fields = changedFieldLabels(rejection.name, rejection.args);
  return (
    <li aria-label={title} style={{ padding: '12px 0', borderBottom: '1px solid #f0f0f0' }}>
      <Typography.Text strong>{title}</Typography.Text>
      {fields.length > 0 && (
        <Typography.Paragraph style={{ margin: '4px 0 0' }}>{t.changedFields(fields.join('、'))}</Typography.Paragraph>
      )}
      <Typography.Paragraph style={{ margin: '4px 0' }}>{t.reason(rejection.reason)}</Typography.Paragraph>
      <Typography.Text type="secondary">{formatTime(rejection.at)}</Typography.Text>
      <Flex wrap gap={8} style={{ marginTop: 8 }}>
        <Button type="primary" onClick={() => void onRetry()}>
          {t.retry}
        </Button>
        <Popconfirm
          title={t.discardConfirm}
          okText={t.discard}
          okButtonProps={{ danger: true, size: 'middle' }}
          cancelText={t.cancel}
          cancelButtonProps={{ size: 'middle' }}
          // eslint-disable-next-line @typescript-eslint/no-misused-promises -- antd's Popconfirm waits on a returned promise (its OK button loads until it settles; see its "asynchronously close" demo); its type says void
          onConfirm={onDiscard}
        >
          <Button danger>{t.discard}</Button>
        </Popconfirm>
      </Flex>
    </li>
  );
}
