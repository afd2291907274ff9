import { Empty } from 'antd';
import { memo, useEffect, useMemo, useRef } from 'react';
import { VirtualTable, type VirtualTableHandle } from '../../components/virtual-table';
import type { LocalCustomer } from '../../db/clinic-db';
import { ja } from '../../i18n/ja';
import { CUSTOMER_ROW_HEIGHT, customerColumns, type ColumnActions } from './customer-columns';
import { useTableHeight } from './use-table-height';

const t = ja.customers;
const customerKey = (customer: LocalCustomer) => customer.id;

type Props = ColumnActions & {
  rows: readonly LocalCustomer[];
  loading: boolean;
  searching: boolean;
  /** The customer just saved: scrolled into view once and tinted, so the clinician sees where it went. */
  revealId: string | null;
};

/** Memoised: the page re-renders for its dialog and search box, the table only when its props change. */
export const CustomerTable = memo(function CustomerTable({ rows, loading, searching, revealId, conflictedIds, onEdit, onDelete, onShowConflicts }: Props) {
  const height = useTableHeight();
  const table = useRef<VirtualTableHandle>(null);
  const revealed = useRef<string | null>(null);
  const columns = useMemo(() => customerColumns({ conflictedIds, onEdit, onDelete, onShowConflicts }), [conflictedIds, onEdit, onDelete, onShowConflicts]);

  useEffect(() => {
    if (!revealId || revealed.current === revealId) return;
    // Not in the rows yet (still being read) or filtered out: try again when the rows change.
    if (table.current?.scrollToKey(revealId)) revealed.current = revealId;
  }, [revealId, rows]);

  return (
    <VirtualTable
      ref={table}
      label={t.listLabel}
      rows={rows}
      rowKey={customerKey}
      columns={columns}
      rowHeight={CUSTOMER_ROW_HEIGHT}
      height={height}
      loading={loading}
      highlightKey={revealId}
      empty={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={searching ? t.noMatch : t.empty} />}
    />
  );
});
