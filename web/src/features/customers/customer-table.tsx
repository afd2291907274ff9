import { memo, useEffect, useMemo, useRef } from 'react';
import { EmptyState } from '../../components/empty-state';
import { VirtualTable, type VirtualTableHandle, useTableHeight } from '../../components/virtual-table';
import type { LocalCustomer } from '../../data/clinic-db';
import { ja } from '../../i18n/ja';
import { customerCards } from './customer-card';
import type { RowActions } from './customer-cells';
import { CUSTOMER_ROW_HEIGHT, customerColumns } from './customer-columns';

// Top bar, toolbar, table header and footer; below 640 px (cards) the toolbar takes three lines.
const CHROME = { chromePx: 300, narrowChromePx: 350, minPx: 320 };

const t = ja.customers;
const customerKey = (customer: LocalCustomer) => customer.id;

type Props = RowActions & {
  rows: readonly LocalCustomer[];
  loading: boolean;
  searching: boolean;
  /** The customer just saved: scrolled into view once and tinted, so the clinician sees where it went. */
  revealId: string | null;
  /** A tap on a row or card (or Enter): opens the customer's chart. */
  onOpen: (customer: LocalCustomer) => void;
};

/**
 * The customers as table rows, or as cards on a narrow screen; a tap on one (or Enter) opens its chart,
 * 編集 in it the form.
 * Memoised: the page re-renders for its dialog and search box, the table only when its props change.
 */
export const CustomerTable = memo(function CustomerTable({
  rows,
  loading,
  searching,
  revealId,
  conflictedIds,
  onOpen,
  onEdit,
  onDelete,
  onShowConflicts,
}: Props) {
  const height = useTableHeight(CHROME);
  const table = useRef<VirtualTableHandle>(null);
  const revealed = useRef<string | null>(null);
  const columns = useMemo(
    () => customerColumns({ conflictedIds, onEdit, onDelete, onShowConflicts }),
    [conflictedIds, onEdit, onDelete, onShowConflicts],
  );
  const cards = useMemo(
    () => customerCards({ conflictedIds, onEdit, onDelete, onShowConflicts }),
    [conflictedIds, onEdit, onDelete, onShowConflicts],
  );

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
      cards={cards}
      onRowClick={onOpen}
      empty={<EmptyState description={searching ? t.noMatch : t.empty} />}
    />
  );
});
