import { Table, type TableProps } from 'antd';
import { EmptyState } from '../empty-state';
import './scroll-table.css';

type Props<T> = Omit<TableProps<T>, 'scroll' | 'locale'> & {
  /** The table's name (a heading's words): for the table and for the region that scrolls it. */
  label: string;
  /** Narrower than this, the table scrolls sideways inside its region; the page never does. */
  minWidth: number;
  /** What an empty table says. */
  empty: string;
};

/**
 * Give this className to a table's last column (its buttons): it stays at the right edge while the
 * other columns scroll under it, so 編集 or 詳細 is in reach without scrolling on a tablet.
 */
export const STICKY_ACTIONS = 'scroll-table-actions';

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
 * antd's Table for the admin lists (users, logs): on a phone it scrolls sideways inside a region a
 * keyboard can reach and scroll (axe: scrollable-region-focusable, even with no button in a row),
 * and an empty list says so in readable grey.
 */
export function ScrollTable<T extends object>({ label, minWidth, empty, ...table }: Props<T>) {
  return (
    // A named region a keyboard can focus to scroll is axe's and WAI's pattern for a scrolling area; the
    // lint rule knows no interactive role for it.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be focusable (axe scrollable-region-focusable)
    <div className="scroll-table" role="region" aria-label={label} tabIndex={0}>
      <Table<T>
        {...table}
        aria-label={label}
        style={{ minWidth }}
        locale={{ emptyText: <EmptyState description={empty} /> }}
      />
    </div>
  );
}
