import { customerAge, todayInJapan } from '@clinic/sync-protocol/rules';
import type { VirtualColumn } from '../../components/virtual-table';
import type { LocalCustomer } from '../../data/clinic-db';
import { ja } from '../../i18n/ja';
import { ActionButtons, ChartNumber, NameCell, type RowActions } from './customer-cells';

const t = ja.customers;
const c = t.columns;

/** Every row is one fixed height (name and フリガナ on two lines), so the list is laid out without measuring. */
export const CUSTOMER_ROW_HEIGHT = 72;

/**
 * The table's columns. When the width runs short the e-mail goes first, then 性別, 年齢, 電話番号 and
 * カルテ番号; the name and the buttons always stay (below 640 px the list turns into cards).
 */
export function customerColumns({
  conflictedIds,
  onEdit,
  onDelete,
  onShowConflicts,
}: RowActions): VirtualColumn<LocalCustomer>[] {
  // Once per set of columns: an age from a birth date turns over at the next change of the list, not at midnight.
  const today = todayInJapan();
  return [
    { key: 'chartNumber', title: c.chartNumber, width: 112, priority: 1, render: (r) => <ChartNumber customer={r} /> },
    {
      key: 'name',
      title: c.name,
      width: 200,
      render: (r) => <NameCell customer={r} conflicted={conflictedIds.has(r.id)} onShowConflicts={onShowConflicts} />,
    },
    { key: 'age', title: c.age, width: 64, priority: 3, render: (r) => customerAge(r, today) ?? '' },
    { key: 'gender', title: c.gender, width: 72, priority: 4, render: (r) => t.gender[r.gender] },
    { key: 'phone', title: c.phone, width: 148, priority: 2, render: (r) => r.phone },
    { key: 'email', title: c.email, width: 180, priority: 5, ellipsis: true, render: (r) => r.email },
    {
      key: 'actions',
      title: c.actions,
      width: 160,
      render: (r) => <ActionButtons customer={r} onEdit={onEdit} onDelete={onDelete} />,
    },
  ];
}
