import { Spin } from 'antd';
import { memo, useImperativeHandle, useRef, useState, type CSSProperties, type ReactNode, type Ref } from 'react';
import { scrollTopToReveal, visibleRange } from './visible-range';
import './virtual-table.css';

export type VirtualColumn<T> = {
  key: string;
  title: ReactNode;
  /** Minimum width in px; spare width is shared out in proportion, the same in header and rows. */
  width: number;
  render: (row: T) => ReactNode;
  ellipsis?: boolean;
};

export type VirtualTableHandle = {
  /** Scrolls the row with this key into view (least movement); false when it is not in the rows. */
  scrollToKey: (key: string) => boolean;
};

type Props<T> = {
  label: string;
  rows: readonly T[];
  rowKey: (row: T) => string;
  columns: readonly VirtualColumn<T>[];
  rowHeight: number;
  /** Height of the whole table, header included. */
  height: number;
  loading?: boolean;
  empty: ReactNode;
  highlightKey?: string | null;
  ref?: Ref<VirtualTableHandle>;
};

const HEADER_HEIGHT = 48;
const OVERSCAN = 3;

const cellStyle = (width: number): CSSProperties => ({ flex: `${width} 0 ${width}px` });

type CellsProps<T> = { row: T; columns: readonly VirtualColumn<T>[] };

/**
 * A row's cells, memoised on the row and the columns only: inserting a row above shifts every row's
 * position, which must not re-render the (antd-heavy) contents of the rows already shown.
 */
const RowCells = memo(function RowCells<T>({ row, columns }: CellsProps<T>) {
  return columns.map((column) => (
    <div role="cell" key={column.key} className={column.ellipsis ? 'vt-cell vt-ellipsis' : 'vt-cell'} style={cellStyle(column.width)}>
      {column.render(row)}
    </div>
  ));
}) as <T>(props: CellsProps<T>) => ReactNode;

/**
 * A table that renders only the rows in view, each of one fixed height, so a change or a keystroke
 * costs the same with 10,000 rows as with 10. antd's virtual Table walks every row on each render
 * (row keys, selection maps) and forces layout, which cost 30-50 ms per change at 10,000 rows here.
 * It keeps the table semantics (roles, row and column counts) that the virtual divs would lose.
 */
export function VirtualTable<T>({ label, rows, rowKey, columns, rowHeight, height, loading = false, empty, highlightKey = null, ref }: Props<T>) {
  const scroller = useRef<HTMLDivElement>(null);
  // Only the first row in view is state: scrolling within a row does not re-render.
  const [firstRow, setFirstRow] = useState(0);
  const viewport = height - HEADER_HEIGHT;
  const minWidth = columns.reduce((sum, column) => sum + column.width, 0);

  useImperativeHandle(
    ref,
    () => ({
      scrollToKey(key) {
        const index = rows.findIndex((row) => rowKey(row) === key);
        const element = scroller.current;
        if (index < 0 || !element) return index >= 0;
        element.scrollTop = scrollTopToReveal(index, element.scrollTop, viewport, rowHeight);
        setFirstRow(Math.floor(element.scrollTop / rowHeight));
        return true;
      },
    }),
    [rows, rowKey, viewport, rowHeight],
  );

  const { start, end } = visibleRange(firstRow * rowHeight, viewport, rowHeight, rows.length, OVERSCAN);
  const shown: ReactNode[] = [];
  for (let index = start; index < end; index++) {
    const row = rows[index]!;
    const key = rowKey(row);
    shown.push(
      <div
        role="row"
        key={key}
        aria-rowindex={index + 2}
        className={key === highlightKey ? 'vt-row vt-row-highlight' : 'vt-row'}
        style={{ top: index * rowHeight, height: rowHeight }}
      >
        <RowCells row={row} columns={columns} />
      </div>,
    );
  }

  return (
    <div
      ref={scroller}
      className="vt-scroller"
      style={{ height }}
      role="table"
      aria-label={label}
      aria-rowcount={rows.length + 1}
      aria-busy={loading}
      onScroll={(event) => setFirstRow(Math.floor(event.currentTarget.scrollTop / rowHeight))}
    >
      <div style={{ minWidth }}>
        <div role="rowgroup" className="vt-header" style={{ height: HEADER_HEIGHT }}>
          <div role="row" aria-rowindex={1} className="vt-header-row">
            {columns.map((column) => (
              <div role="columnheader" key={column.key} className="vt-cell" style={cellStyle(column.width)}>
                {column.title}
              </div>
            ))}
          </div>
        </div>
        <div role="rowgroup" className="vt-body" style={{ height: Math.max(rows.length * rowHeight, viewport) }}>
          {loading ? (
            <div className="vt-placeholder">
              <Spin />
            </div>
          ) : rows.length === 0 ? (
            <div className="vt-placeholder">{empty}</div>
          ) : (
            shown
          )}
        </div>
      </div>
    </div>
  );
}
