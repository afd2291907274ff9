import type { ReactNode } from 'react';
import { memo, useMemo } from 'react';
import { VirtualTable, useTableHeight } from '../../components/virtual-table';
import { ja } from '../../i18n/ja';
import type { VisitView } from '../../data/live';
import { visitCards } from './visit-card';
import type { RowActions } from './visit-cells';
import { VISIT_ROW_HEIGHT, visitColumns } from './visit-columns';

// Top bar, toolbar (two lines on a tablet, up to five on a phone), table header and the totals line.
const CHROME = { chromePx: 360, narrowChromePx: 470, minPx: 280 };

const t = ja.visits;
const visitKey = (visit: VisitView) => visit.id;

type Props = RowActions & {
  rows: readonly VisitView[];
  loading: boolean;
  /** What an empty list says (no visits at all, or none matching the conditions). */
  empty: ReactNode;
};

/**
 * The visits as table rows, or as cards on a narrow screen; a tap on one (or Enter) opens it.
 * Memoised: the page re-renders for its dialog and filters, the table only when its props change.
 */
export const VisitTable = memo(function VisitTable({ rows, loading, empty, onEdit, onDelete }: Props) {
  const height = useTableHeight(CHROME);
  const columns = useMemo(() => visitColumns({ onEdit, onDelete }), [onEdit, onDelete]);
  const cards = useMemo(() => visitCards({ onEdit, onDelete }), [onEdit, onDelete]);
  return (
    <VirtualTable
      label={t.listLabel}
      rows={rows}
      rowKey={visitKey}
      columns={columns}
      rowHeight={VISIT_ROW_HEIGHT}
      height={height}
      loading={loading}
      cards={cards}
      onRowClick={onEdit}
      empty={empty}
    />
  );
});
