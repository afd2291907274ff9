import { PlusOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import { memo } from 'react';
import { ja } from '../../i18n/ja';
import { CustomerSearch } from './customer-search';
import { RefreshButton } from './refresh-button';

const t = ja.customers;

/** Memoised apart from the box: a keystroke re-renders the search box and the count, not the buttons. */
const Actions = memo(function Actions({ onAdd }: { onAdd: () => void }) {
  return (
    <>
      <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
        {t.add}
      </Button>
      <RefreshButton />
    </>
  );
});

type Props = { query: string; onQueryChange: (query: string) => void; onAdd: () => void; count: { shown: number; total: number } | null };

/** The search box, 新規顧客, 更新 (sync now) and how many customers are shown. */
export function CustomerToolbar({ query, onQueryChange, onAdd, count }: Props) {
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8, marginBottom: 16 }}>
      <CustomerSearch value={query} onChange={onQueryChange} />
      <Actions onAdd={onAdd} />
      {count && <Typography.Text type="secondary">{t.count(count.shown, count.total)}</Typography.Text>}
    </div>
  );
}
