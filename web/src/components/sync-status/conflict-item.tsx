import { Button, Flex, Typography } from 'antd';
import { ja } from '../../i18n/ja';
import type { ConflictView } from '../../sync';
import { conflictRecord, conflictSentence, formatTime } from './problem-labels';

const t = ja.syncProblems;
type Props = { conflict: ConflictView; onRevert: () => Promise<void>; onAcknowledge: () => Promise<void> };

/** A value replaced by an edit made from older data: who lost what to whom, and a way to put it back. */
export function ConflictItem({ conflict, onRevert, onAcknowledge }: Props) {
  return (
    <li aria-label={conflictRecord(conflict)} style={{ padding: '12px 0', borderBottom: '1px solid #f0f0f0' }}>
      <Typography.Paragraph style={{ margin: 0 }}>{conflictSentence(conflict)}</Typography.Paragraph>
      <Typography.Text type="secondary">{formatTime(conflict.at)}</Typography.Text>
      <Flex wrap gap={8} style={{ marginTop: 8 }}>
        <Button type="primary" onClick={() => void onRevert()}>
          {t.revert}
        </Button>
        <Button onClick={() => void onAcknowledge()}>{t.acknowledge}</Button>
      </Flex>
    </li>
  );
}
