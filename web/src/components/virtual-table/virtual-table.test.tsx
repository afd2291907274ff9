import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import '../../test-utils/render';
import { VirtualTable, type VirtualColumn, type VirtualTableHandle } from './virtual-table';

type Item = { id: string; name: string };
const items = (n: number): Item[] => Array.from({ length: n }, (_, i) => ({ id: `k${i}`, name: `行${i}` }));
const columns: VirtualColumn<Item>[] = [
  { key: 'name', title: '名前', width: 200, render: (r) => r.name },
  { key: 'id', title: 'キー', width: 100, render: (r) => r.id },
];
const ROW = 50;
const HEIGHT = 48 + 10 * ROW; // header + ten rows in view

function renderTable(rows: Item[], extra: Partial<Parameters<typeof VirtualTable<Item>>[0]> = {}) {
  const ref = createRef<VirtualTableHandle>();
  const view = render(
    <VirtualTable<Item> ref={ref} label="一覧" rows={rows} rowKey={(r) => r.id} columns={columns} rowHeight={ROW} height={HEIGHT} empty="なし" {...extra} />,
  );
  return { ...view, ref, table: screen.getByRole('table', { name: '一覧' }) };
}

const bodyRows = () => screen.getAllByRole('row').slice(1); // less the header row
const shownNames = () => bodyRows().map((row) => within(row).getAllByRole('cell')[0]!.textContent);

describe('VirtualTable', () => {
  it('keeps table semantics: headers, a row count that includes unrendered rows, and row indexes', () => {
    const { table } = renderTable(items(1_000));
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['名前', 'キー']);
    expect(table.getAttribute('aria-rowcount')).toBe('1001');
    expect(bodyRows()[0]!.getAttribute('aria-rowindex')).toBe('2');
  });

  it('puts only the rows in view (and a few beyond) in the page, and follows the scroll', () => {
    const { table } = renderTable(items(10_000));
    expect(bodyRows().length).toBeLessThan(20);
    expect(shownNames()[0]).toBe('行0');
    act(() => {
      table.scrollTop = 500 * ROW;
      fireEvent.scroll(table);
    });
    expect(bodyRows().length).toBeLessThan(20);
    expect(shownNames()).toContain('行500');
    expect(shownNames()).not.toContain('行0');
  });

  it('scrolls a row into view by key, and says when the key is not in the rows', () => {
    const { table, ref } = renderTable(items(10_000));
    let found = false;
    act(() => {
      found = ref.current!.scrollToKey('k2000');
    });
    expect(found).toBe(true);
    expect(table.scrollTop).toBe(2001 * ROW - 10 * ROW); // least movement: the row ends at the bottom edge
    expect(shownNames()).toContain('行2000');
    expect(ref.current!.scrollToKey('missing')).toBe(false);
  });

  it('tints the highlighted row, shows the empty content with no rows, and is busy while loading', () => {
    const { rerender } = renderTable(items(3), { highlightKey: 'k1' });
    expect(bodyRows().map((r) => r.classList.contains('vt-row-highlight'))).toEqual([false, true, false]);
    rerender(<VirtualTable<Item> label="一覧" rows={[]} rowKey={(r) => r.id} columns={columns} rowHeight={ROW} height={HEIGHT} empty="なし" />);
    expect(screen.getByText('なし')).toBeTruthy();
    rerender(<VirtualTable<Item> label="一覧" rows={[]} rowKey={(r) => r.id} columns={columns} rowHeight={ROW} height={HEIGHT} empty="なし" loading />);
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByText('なし')).toBeNull();
  });

  it('does not re-render the cells of rows already shown when a row is inserted above them', () => {
    const render = vi.fn((r: Item) => r.name);
    const counting: VirtualColumn<Item>[] = [{ key: 'name', title: '名前', width: 200, render }];
    const rows = items(5);
    const { rerender } = renderTable(rows, { columns: counting });
    expect(render).toHaveBeenCalledTimes(5);
    render.mockClear();
    const added = { id: 'new', name: '新しい行' };
    rerender(<VirtualTable<Item> label="一覧" rows={[added, ...rows]} rowKey={(r) => r.id} columns={counting} rowHeight={ROW} height={HEIGHT} empty="なし" />);
    expect(render.mock.calls.map(([r]) => r.name)).toEqual(['新しい行']);
    expect(shownNames()).toEqual(['新しい行', '行0', '行1', '行2', '行3', '行4']);
  });
});
