import { Button, Descriptions, Typography } from 'antd';
import { ja } from '../../i18n/ja';
import type { ConflictView } from '../../sync';
import { fieldLabel, formatTime, formatValue, unknownRecord } from './problem-labels';

const t = ja.syncProblems;
type Props = { conflict: ConflictView; onAcknowledge: () => Promise<void> };

/** A value that was overwritten by an edit made from older data, so it can be put back by hand. */
export function ConflictItem({ conflict, onAcknowledge }: Props) {
  const title = `${conflict.recordName ?? unknownRecord(conflict.table)}：${fieldLabel(conflict.table, conflict.field)}`;
  return (
    <li aria-label={title} style={{ padding: '12px 0', borderBottom: '1px solid #f0f0f0' }}>
      <Typography.Text strong>{title}</Typography.Text>
      <Descriptions
        size="small"
        column={1}
        style={{ marginTop: 4 }}
        items={[
          { key: 'overwritten', label: t.overwritten, children: formatValue(conflict.table, conflict.field, conflict.overwritten) },
          { key: 'value', label: t.replacedBy, children: formatValue(conflict.table, conflict.field, conflict.value) },
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ margin: '4px 0' }}>
        {t.overwrittenBy(conflict.by ?? t.unknownUser)}／{t.lostAuthor(conflict.overwrittenBy ?? t.unknownUser)}／{formatTime(conflict.at)}
      </Typography.Paragraph>
      <Button size="small" onClick={() => void onAcknowledge()}>
        {t.acknowledge}
      </Button>
    </li>
  );
}
