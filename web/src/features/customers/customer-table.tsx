import { Empty, Table } from 'antd';
import { useMemo } from 'react';
import type { LocalCustomer } from '../../db/clinic-db';
import { ja } from '../../i18n/ja';
import { customerColumns, type ColumnActions } from './customer-columns';
import { useTableHeight } from './use-table-height';

const t = ja.customers;
const SCROLL_X = 1000;

type Props = ColumnActions & { rows: readonly LocalCustomer[]; loading: boolean; searching: boolean };

/** Virtual rows, so 10,000 customers scroll as smoothly as 10. */
export function CustomerTable({ rows, loading, searching, conflictedIds, onEdit, onDelete, onShowConflicts }: Props) {
  const height = useTableHeight();
  const columns = useMemo(
    // antd's virtual body is made of divs: give them the table roles back for assistive technology.
    () => customerColumns({ conflictedIds, onEdit, onDelete, onShowConflicts }).map((column) => ({ ...column, onCell: () => ({ role: 'cell' }) })),
    [conflictedIds, onEdit, onDelete, onShowConflicts],
  );
  return (
    <Table<LocalCustomer>
      virtual
      size="middle"
      rowKey="id"
      columns={columns}
      dataSource={rows as LocalCustomer[]}
      loading={loading}
      pagination={false}
      onRow={() => ({ role: 'row' })}
      scroll={{ x: SCROLL_X, y: height }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={searching ? t.noMatch : t.empty} /> }}
    />
  );
}
