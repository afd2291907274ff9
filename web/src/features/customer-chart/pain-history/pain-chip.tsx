import { historyChipBand } from '@clinic/sync-protocol/body';
import { Tag } from 'antd';
import { jaPainHistory } from '../../../i18n/ja-pain-history';

// antd's preset tag texts fall under 4.5:1 on their backgrounds; the dark shade of each reads well.
const CHIP_TEXT = { red: '#a8071a', orange: '#ad4e00', green: '#135200' } as const;

/** The history list's max-pain chip: red at 7 or more, orange at 4 or more, else green. */
export function PainChip({ max }: { max: number }) {
  const band = historyChipBand(max);
  return (
    <Tag color={band} style={{ marginInlineEnd: 0, color: CHIP_TEXT[band] }} data-band={band}>
      {jaPainHistory.list.max(max)}
    </Tag>
  );
}
