import { WarningOutlined } from '@ant-design/icons';
import { Button, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
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

function NameCell({ customer, conflicted, onShowConflicts }: { customer: LocalCustomer; conflicted: boolean; onShowConflicts: () => void }) {
  return (
    <div>
      <Space size={4} wrap>
        <Typography.Text strong>{customer.name}</Typography.Text>
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
      </Space>
      {customer.nameKana && (
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
          {customer.nameKana}
        </Typography.Text>
      )}
    </div>
  );
}

/** Fixed widths: the virtual table lays rows out without measuring them. */
export function customerColumns({ conflictedIds, onEdit, onDelete, onShowConflicts }: ColumnActions): ColumnsType<LocalCustomer> {
  return [
    { key: 'id', title: c.id, width: 90, render: (_, r) => (r.chartNumber === null ? unsynced : r.chartNumber) },
    {
      key: 'name',
      title: c.name,
      width: 220,
      render: (_, r) => <NameCell customer={r} conflicted={conflictedIds.has(r.id)} onShowConflicts={onShowConflicts} />,
    },
    { key: 'age', title: c.age, width: 70, render: (_, r) => r.age ?? '' },
    { key: 'gender', title: c.gender, width: 80, render: (_, r) => t.gender[r.gender] },
    { key: 'phone', title: c.phone, width: 150, dataIndex: 'phone' },
    { key: 'email', title: c.email, width: 220, dataIndex: 'email', ellipsis: true },
    {
      key: 'actions',
      title: c.actions,
      width: 170,
      render: (_, r) => (
        <Space size={4}>
          <Button size="small" aria-label={t.editLabel(r.name)} onClick={() => onEdit(r)}>
            {t.edit}
          </Button>
          <Button size="small" danger aria-label={t.deleteLabel(r.name)} onClick={() => onDelete(r)}>
            {t.delete}
          </Button>
        </Space>
      ),
    },
  ];
}
