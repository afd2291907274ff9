import { Spin } from 'antd';
import {
  memo,
  useCallback,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { fitColumns } from './fit-columns';
import { clickedRow, enteredRow, ROW_INDEX_ATTR } from './row-events';
import { useElementWidth } from './use-element-width';
import { scrollTopToReveal, visibleRange } from './visible-range';
import './virtual-table.css';

export type VirtualColumn<T> = {
  key: string;
  title: ReactNode;
  /** Minimum width in px; spare width is shared out in proportion, the same in header and rows. */
  width: number;
  render: (row: T) => ReactNode;
  ellipsis?: boolean;
  /**
   * When the columns do not fit, the one with the largest priority goes first. Leave it out for the
   * columns that must always show (the name, the actions).
   */
  priority?: number;
};

/** Below `below` px of width each row is drawn as a card by `render`, all `height` px high. */
export type VirtualCards<T> = { below: number; height: number; render: (row: T) => ReactNode };

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
  /** Height of the whole list, header included. */
  height: number;
  loading?: boolean;
  /** Shown, centred in what the person sees, when there are no rows. */
  empty: ReactNode;
  highlightKey?: string | null;
  /** Narrow screens: rows become cards (a list) instead of columns. */
  cards?: VirtualCards<T>;
  /** A tap on a row (not on a button in it), or Enter on a focused row, opens it. */
  onRowClick?: (row: T) => void;
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
    <div
      role="cell"
      key={column.key}
      className={column.ellipsis ? 'vt-cell vt-ellipsis' : 'vt-cell'}
      style={cellStyle(column.width)}
    >
      {column.render(row)}
    </div>
  ));
}) as <T>(props: CellsProps<T>) => ReactNode;

/** A card's content, memoised like RowCells. */
const CardContent = memo(function CardContent<T>({ row, render }: { row: T; render: (row: T) => ReactNode }) {
  return render(row);
}) as <T>(props: { row: T; render: (row: T) => ReactNode }) => ReactNode;

/** The columns that fit, as the same array while the same ones fit: a resize by a pixel re-renders no cell. */
function useFittedColumns<T>(columns: readonly VirtualColumn<T>[], width: number): readonly VirtualColumn<T>[] {
  const fitted = fitColumns(columns, width);
  const keys = fitted.map((column) => column.key).join('\n');
  // The last fit, kept while the same columns fit (React's "storing information from previous renders").
  const [kept, setKept] = useState({ columns, keys, fitted });
  if (kept.columns === columns && kept.keys === keys) return kept.fitted;
  setKept({ columns, keys, fitted });
  return fitted;
}

/**
 * A list that renders only the rows in view, each of one fixed height, so a change or a keystroke
 * costs the same with 10,000 rows as with 10. antd's virtual Table walks every row on each render
 * (row keys, selection maps) and forces layout, which cost 30-50 ms per change at 10,000 rows here. Tried
 * again in its place (issue 38, `npm run bench` offline reloads at 4× CPU, A/B under the same load): with
 * antd's Table the customer and visit lists loaded 384-388 KB gzip of JavaScript before their first row
 * (its Table, pagination, select, dropdown…) against 257-259 KB with this one, over the 260 KB budget.
 * It fits the width it has (measured, not guessed): low-priority columns go first, and below
 * `cards.below` each row is a card. It keeps table semantics (roles, row counts) in table mode and
 * list semantics in card mode, which the virtual divs would otherwise lose.
 */
export function VirtualTable<T>({
  label,
  rows,
  rowKey,
  columns,
  rowHeight,
  height,
  loading = false,
  empty,
  highlightKey = null,
  cards,
  onRowClick,
  ref,
}: Props<T>) {
  const scroller = useRef<HTMLDivElement>(null);
  const [measure, width] = useElementWidth<HTMLDivElement>();
  const scrollerRef = useCallback(
    (element: HTMLDivElement | null) => {
      scroller.current = element;
      return measure(element);
    },
    [measure],
  );
  const asCards = cards !== undefined && width > 0 && width < cards.below;
  const itemHeight = asCards ? cards.height : rowHeight;
  const headerHeight = asCards ? 0 : HEADER_HEIGHT;
  const shownColumns = useFittedColumns(columns, width);
  // Only the first row in view is state: scrolling within a row does not re-render.
  const [firstRow, setFirstRow] = useState(0);
  const viewport = height - headerHeight;
  const minWidth = shownColumns.reduce((sum, column) => sum + column.width, 0);

  // Switching between rows and cards keeps the same first row in view.
  const shownAsCards = useRef(asCards);
  useLayoutEffect(() => {
    if (shownAsCards.current === asCards) return;
    shownAsCards.current = asCards;
    if (scroller.current) scroller.current.scrollTop = firstRow * itemHeight;
  }, [asCards, firstRow, itemHeight]);

  useImperativeHandle(
    ref,
    () => ({
      scrollToKey(key) {
        const index = rows.findIndex((row) => rowKey(row) === key);
        const element = scroller.current;
        if (index < 0 || !element) return index >= 0;
        element.scrollTop = scrollTopToReveal(index, element.scrollTop, viewport, itemHeight);
        setFirstRow(Math.floor(element.scrollTop / itemHeight));
        return true;
      },
    }),
    [rows, rowKey, viewport, itemHeight],
  );

  const open = (index: number | null) => {
    if (index === null || !onRowClick) return false;
    const row = rows[index];
    if (row !== undefined) onRowClick(row);
    return true;
  };
  const onClick = onRowClick ? (event: MouseEvent<HTMLDivElement>) => void open(clickedRow(event)) : undefined;
  const onKeyDown = onRowClick
    ? (event: KeyboardEvent<HTMLDivElement>) => {
        if (open(enteredRow(event))) event.preventDefault();
      }
    : undefined;

  const { start, end } = visibleRange(firstRow * itemHeight, viewport, itemHeight, rows.length, OVERSCAN);
  const shown: ReactNode[] = [];
  for (let index = start; index < end; index++) {
    const row = rows[index]!;
    const key = rowKey(row);
    const className = `${asCards ? 'vt-card' : 'vt-row'}${onRowClick ? ' vt-clickable' : ''}${key === highlightKey ? ' vt-row-highlight' : ''}`;
    const common = {
      [ROW_INDEX_ATTR]: index,
      className,
      style: { top: index * itemHeight, height: itemHeight },
      tabIndex: onRowClick ? 0 : undefined,
    };
    shown.push(
      asCards ? (
        <div key={key} role="listitem" aria-posinset={index + 1} aria-setsize={rows.length} {...common}>
          <CardContent row={row} render={cards.render} />
        </div>
      ) : (
        <div key={key} role="row" aria-rowindex={index + 2} {...common}>
          <RowCells row={row} columns={shownColumns} />
        </div>
      ),
    );
  }

  const body = loading || rows.length === 0 ? null : shown;
  return (
    <div className="vt" style={{ height }}>
      <div
        ref={scrollerRef}
        className="vt-scroller"
        role={asCards ? 'list' : 'table'}
        aria-label={label}
        aria-rowcount={asCards ? undefined : rows.length + 1}
        aria-busy={loading}
        onScroll={(event) => setFirstRow(Math.floor(event.currentTarget.scrollTop / itemHeight))}
        onClick={onClick}
        onKeyDown={onKeyDown}
      >
        {asCards ? (
          <div className="vt-body" style={{ height: rows.length * itemHeight }}>
            {body}
          </div>
        ) : (
          <div style={{ minWidth }}>
            <div role="rowgroup" className="vt-header" style={{ height: HEADER_HEIGHT }}>
              <div role="row" aria-rowindex={1} className="vt-header-row">
                {shownColumns.map((column) => (
                  <div role="columnheader" key={column.key} className="vt-cell" style={cellStyle(column.width)}>
                    {column.title}
                  </div>
                ))}
              </div>
            </div>
            <div role="rowgroup" className="vt-body" style={{ height: rows.length * itemHeight }}>
              {body}
            </div>
          </div>
        )}
      </div>
      {/* Over the list, not in it: centred in the part the person sees, however wide the columns. */}
      {(loading || rows.length === 0) && (
        <div className="vt-message" style={{ top: headerHeight }}>
          {loading ? <Spin /> : empty}
        </div>
      )}
    </div>
  );
}
