import { Pagination, Table, type TableColumnType, type TableProps } from 'antd';
import { useState, type ReactNode } from 'react';
import { EmptyState } from '../empty-state';
import { fitColumns } from '../virtual-table/fit-columns';
import { useElementWidth } from '../virtual-table/use-element-width';
import './scroll-table.css';

/**
 * A column of antd's Table that knows the width it needs (`fitWidth`, px) and how soon it may go when
 * the columns do not fit (`priority`: the largest goes first; leave it off the columns that must stay).
 */
export type ScrollColumn<T> = TableColumnType<T> & { key: string; fitWidth: number; priority?: number };

/** Below `below` px of width each row is a card drawn by `render` (a list), as the customer list does. */
export type ScrollCards<T> = { below: number; render: (row: T) => ReactNode };

type Props<T> = Omit<TableProps<T>, 'scroll' | 'locale' | 'columns' | 'dataSource'> & {
  /** The table's name (a heading's words): for the table and for the region that scrolls it. */
  label: string;
  columns: readonly ScrollColumn<T>[];
  dataSource: readonly T[];
  /** What an empty table says. */
  empty: string;
  /** Narrow screens (a phone): rows become cards. */
  cards?: ScrollCards<T>;
};

/**
 * Give this className to a table's last column (its buttons): it stays at the right edge while the
 * other columns scroll under it, so 編集 or 詳細 is in reach without scrolling on a tablet.
 */
export const STICKY_ACTIONS = 'scroll-table-actions';

/** Give this className to a column of free text (an e-mail, a device's name): it wraps within its width. */
export const WRAP_CELL = 'scroll-table-wrap';

/** A list the server pages: page `index` (from 0) of `size` rows out of `total`. */
export type ServerPaging = {
  index: number;
  size: number;
  total: number;
  onPage: (index: number) => void;
  summary: (total: number, from: number, to: number) => string;
};

/** antd's pagination for a list the server pages: no size changer, hidden on a single page. */
export const serverPagination = (p: ServerPaging): TableProps<object>['pagination'] => ({
  current: p.index + 1,
  pageSize: p.size,
  total: p.total,
  showSizeChanger: false,
  hideOnSinglePage: true,
  showTotal: (total, [from, to]) => p.summary(total, from, to),
  onChange: (current) => p.onPage(current - 1),
});

/**
 * antd's Table for the admin lists (users, logs). It fits the width it has (measured): low-priority
 * columns go first, so the essential ones are in view on a tablet; what still does not fit scrolls
 * sideways inside a region a keyboard can reach (axe: scrollable-region-focusable). Below
 * `cards.below` each row is a card, with its buttons beside its few fields. An empty list says so.
 */
export function ScrollTable<T extends object>({
  label,
  columns,
  dataSource,
  empty,
  cards,
  pagination,
  ...table
}: Props<T>) {
  const [measure, width] = useElementWidth<HTMLDivElement>();
  const asCards = cards !== undefined && width > 0 && width < cards.below;
  const shown = fitColumns(
    columns.map((column) => ({ ...column, width: column.fitWidth })),
    width,
  );
  const minWidth = shown.reduce((sum, column) => sum + column.fitWidth, 0);
  return (
    <div ref={measure} className="scroll-table-frame">
      {asCards ? (
        <CardList label={label} rows={dataSource} render={cards.render} empty={empty} pagination={pagination} />
      ) : (
        // A named region a keyboard can focus to scroll is axe's and WAI's pattern for a scrolling area; the
        // lint rule knows no interactive role for it.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be focusable (axe scrollable-region-focusable)
        <div className="scroll-table" role="region" aria-label={label} tabIndex={0}>
          <Table<T>
            {...table}
            dataSource={dataSource}
            pagination={pagination}
            // Only antd's own fields: the width it fits by is this table's, not a column width.
            columns={shown.map(({ fitWidth, priority, width: _width, ...column }) => {
              void fitWidth;
              void priority;
              void _width;
              return column;
            })}
            aria-label={label}
            style={{ minWidth }}
            locale={{ emptyText: <EmptyState description={empty} /> }}
          />
        </div>
      )}
    </div>
  );
}

type CardListProps<T> = {
  label: string;
  rows: readonly T[];
  render: (row: T) => ReactNode;
  empty: string;
  pagination: TableProps<T>['pagination'];
};

/**
 * The rows as cards (a list a screen reader announces with its count), paged as the table would be:
 * by the server when the pagination names its page, else here.
 */
function CardList<T>({ label, rows, render, empty, pagination }: CardListProps<T>) {
  const [ownPage, setOwnPage] = useState(1);
  if (rows.length === 0) return <EmptyState description={empty} />;
  const paging = pagination === false || pagination === undefined ? null : pagination;
  const serverPaged = paging?.current !== undefined;
  const size = paging?.pageSize ?? rows.length;
  const current = paging?.current ?? ownPage;
  const shown = paging && !serverPaged ? rows.slice((current - 1) * size, current * size) : rows;
  return (
    <>
      <ul className="scroll-table-cards" aria-label={label}>
        {shown.map((row, index) => (
          <li key={index} className="scroll-table-card">
            {render(row)}
          </li>
        ))}
      </ul>
      {paging && (
        <Pagination
          className="scroll-table-pages"
          {...paging}
          current={current}
          total={paging.total ?? rows.length}
          onChange={(page, pageSize) => {
            setOwnPage(page);
            paging.onChange?.(page, pageSize);
          }}
        />
      )}
    </>
  );
}
