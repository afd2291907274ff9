import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { memo } from 'react';
import { Text } from '../../components/text';
import { SortControl, type SortOption } from '../../components/virtual-table';
import { ja } from '../../i18n/ja';
import { CUSTOMER_ORDERS, type CustomerOrder } from './customer-order';
import { CustomerSearch } from './customer-search';
import { RefreshButton } from './refresh-button';
import './customer-toolbar.css';

const t = ja.customers;
const orders: readonly SortOption<CustomerOrder>[] = CUSTOMER_ORDERS.map((value) => ({ value, label: t.sort[value] }));

/** Memoised apart from the box: a keystroke re-renders the search box and the count, not the buttons. */
const Actions = memo(function Actions({ onAdd }: { onAdd: () => void }) {
  return (
    <>
      <Button type="primary" size="large" icon={<PlusOutlined aria-hidden />} onClick={onAdd}>
        {t.add}
      </Button>
      <RefreshButton />
    </>
  );
});

type SortProps = { order: CustomerOrder; onOrderChange: (order: CustomerOrder) => void };

const Sort = memo(function Sort({ order, onOrderChange }: SortProps) {
  return <SortControl label={t.sort.label} value={order} options={orders} onChange={onOrderChange} />;
});

type Props = SortProps & {
  query: string;
  onQueryChange: (query: string) => void;
  onAdd: () => void;
  count: { shown: number; total: number } | null;
};

/**
 * The search box, 新規顧客, 同期 (sync now), how many are shown, and the order. On a phone they wrap
 * to three lines: the box, the buttons with the count, the order.
 */
export function CustomerToolbar({ query, onQueryChange, onAdd, order, onOrderChange, count }: Props) {
  return (
    <div className="customer-toolbar">
      <CustomerSearch value={query} onChange={onQueryChange} />
      <Actions onAdd={onAdd} />
      {count && <Text type="secondary">{t.count(count.shown, count.total)}</Text>}
      <Sort order={order} onOrderChange={onOrderChange} />
    </div>
  );
}
