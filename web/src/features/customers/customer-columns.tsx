import { WarningOutlined } from '@ant-design/icons';
import { Button, Tag } from 'antd';
import './customer-columns.css';
import type { VirtualColumn } from '../../components/virtual-table';
import type { LocalCustomer } from '../../db/clinic-db';
import { ja } from '../../i18n/ja';

const t = ja.customers;
const c = t.columns;

export type ColumnActions = {
  conflictedIds: ReadonlySet<string>;
  onEdit: (customer: LocalCustomer) => void;
  onDelete: (customer: LocalCustomer) => void;
  onShowConflicts: () => void;
};

const unsynced = (
  <Tag color="orange" style={{ marginInlineEnd: 0 }}>
    {t.unsynced}
  </Tag>
);

/** Plain elements and a stylesheet rather than Space/Typography: a search mounts a screenful of these per key. */
function NameCell({ customer, conflicted, onShowConflicts }: { customer: LocalCustomer; conflicted: boolean; onShowConflicts: () => void }) {
  return (
    <>
      <div className="customer-name">
        <strong>{customer.name}</strong>
        {customer.pending === 1 && unsynced}
        {conflicted && (
          <Button
            size="small"
            type="text"
            icon={<WarningOutlined style={{ color: '#d97706' }} />}
            aria-label={t.conflictLabel(customer.name)}
            onClick={onShowConflicts}
          >
            {t.conflict}
          </Button>
        )}
      </div>
      {customer.nameKana && <div className="customer-kana">{customer.nameKana}</div>}
    </>
  );
}

/** Every row is one fixed height (name and フリガナ on two lines), so the list is laid out without measuring. */
export const CUSTOMER_ROW_HEIGHT = 68;

export function customerColumns({ conflictedIds, onEdit, onDelete, onShowConflicts }: ColumnActions): VirtualColumn<LocalCustomer>[] {
  return [
    { key: 'id', title: c.id, width: 84, render: (r) => (r.chartNumber === null ? unsynced : r.chartNumber) },
    {
      key: 'name',
      title: c.name,
      width: 220,
      render: (r) => <NameCell customer={r} conflicted={conflictedIds.has(r.id)} onShowConflicts={onShowConflicts} />,
    },
    { key: 'age', title: c.age, width: 64, render: (r) => r.age ?? '' },
    { key: 'gender', title: c.gender, width: 72, render: (r) => t.gender[r.gender] },
    { key: 'phone', title: c.phone, width: 144, render: (r) => r.phone },
    { key: 'email', title: c.email, width: 200, ellipsis: true, render: (r) => r.email },
    {
      key: 'actions',
      title: c.actions,
      width: 148,
      render: (r) => (
        <div className="customer-actions">
          <Button size="small" aria-label={t.editLabel(r.name)} onClick={() => onEdit(r)}>
            {t.edit}
          </Button>
          <Button size="small" danger aria-label={t.deleteLabel(r.name)} onClick={() => onDelete(r)}>
            {t.delete}
          </Button>
        </div>
      ),
    },
  ];
}
