import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../test-utils/render';
import { stubListWidth } from './test-support';
import { VirtualTable, type VirtualCards, type VirtualColumn, type VirtualTableHandle } from './virtual-table';

type Item = { id: string; name: string };
const items = (n: number): Item[] => Array.from({ length: n }, (_, i) => ({ id: `k${i}`, name: `行${i}` }));
const columns: VirtualColumn<Item>[] = [
  { key: 'name', title: '名前', width: 200, render: (r) => r.name },
  { key: 'id', title: 'キー', width: 100, render: (r) => r.id },
];
const ROW = 50;
const HEIGHT = 48 + 10 * ROW; // header + ten rows in view

type Extra = Partial<Parameters<typeof VirtualTable<Item>>[0]>;
const table = (rows: Item[], extra: Extra = {}) => (
  <VirtualTable<Item>
    label="一覧"
    rows={rows}
    rowKey={(r) => r.id}
    columns={columns}
    rowHeight={ROW}
    height={HEIGHT}
    empty="なし"
    {...extra}
  />
);

function renderTable(rows: Item[], extra: Extra = {}) {
  const ref = createRef<VirtualTableHandle>();
  const view = render(table(rows, { ref, ...extra }));
  return { ...view, ref, table: screen.getByRole('table', { name: '一覧' }) };
}

const bodyRows = () => screen.getAllByRole('row').slice(1); // less the header row
const shownNames = () => bodyRows().map((row) => within(row).getAllByRole('cell')[0]!.textContent);

// Read from disk: Vitest hands CSS imports (even ?raw) to tests as empty.
const css = readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'virtual-table.css'), 'utf8');

/** The declarations of one rule in the stylesheet, as property -> value. */
function cssRule(selector: string): Record<string, string> {
  const sheet = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const body = new RegExp(`(?:^|\\})\\s*${selector.replace('.', '\\.')}\\s*\\{([^}]*)\\}`).exec(sheet)?.[1] ?? '';
  return Object.fromEntries(
    body
      .split(';')
      .map((d) => d.split(':').map((s) => s.trim()))
      .filter((d) => d.length === 2),
  );
}

describe('VirtualTable', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('keeps table semantics: headers, a row count that includes unrendered rows, and row indexes', () => {
    const { table } = renderTable(items(1_000));
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['名前', 'キー']);
    expect(table.getAttribute('aria-rowcount')).toBe('1001');
    expect(bodyRows()[0]!.getAttribute('aria-rowindex')).toBe('2');
  });

  it('has a header the rows cannot show through: opaque, and above the rows', () => {
    renderTable(items(3));
    const header = screen.getAllByRole('rowgroup')[0]!;
    expect(header.className).toBe('vt-header');
    const rule = cssRule('.vt-header');
    expect(rule['position']).toBe('sticky');
    expect(rule['background-color']).toMatch(/^#[0-9a-f]{6}$/i); // a solid colour: no alpha, no variable that may be translucent
    expect(Number(rule['z-index'])).toBeGreaterThan(Number(cssRule('.vt-body')['z-index']));
    // And the browser-side view of it, with the stylesheet in the page.
    const style = document.head.appendChild(document.createElement('style'));
    style.textContent = css;
    expect(getComputedStyle(header).backgroundColor).toMatch(/^(#fafafa|rgb\(250, 250, 250\))$/);
    style.remove();
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

  it('tints the highlighted row; shows the empty message over the list, not in its scrolling width; is busy while loading', () => {
    const { rerender } = renderTable(items(3), { highlightKey: 'k1' });
    expect(bodyRows().map((r) => r.classList.contains('vt-row-highlight'))).toEqual([false, true, false]);
    rerender(table([]));
    const message = screen.getByText('なし');
    // Outside the element that scrolls sideways, so it stays centred in what the person sees.
    expect(screen.getByRole('table').contains(message)).toBe(false);
    expect(message.closest('.vt')).not.toBeNull();
    rerender(table([], { loading: true }));
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
    rerender(table([added, ...rows], { columns: counting }));
    expect(render.mock.calls.map(([r]) => r.name)).toEqual(['新しい行']);
    expect(shownNames()).toEqual(['新しい行', '行0', '行1', '行2', '行3', '行4']);
  });
});

describe('VirtualTable at the width it has', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const wide: VirtualColumn<Item>[] = [
    { key: 'name', title: '名前', width: 200, render: (r) => r.name },
    { key: 'note', title: 'メモ', width: 150, priority: 2, render: () => 'メモ' },
    { key: 'id', title: 'キー', width: 100, priority: 1, render: (r) => r.id },
    { key: 'actions', title: '操作', width: 120, render: (r) => <button type="button">{`${r.name}を削除`}</button> },
  ];
  const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);

  it('drops the columns of largest priority first, and never the ones without priority (the actions)', () => {
    stubListWidth(480);
    const { unmount } = renderTable(items(3), { columns: wide });
    expect(headers()).toEqual(['名前', 'キー', '操作']); // メモ (priority 2) went, キー (1) still fits
    expect(within(bodyRows()[0]!).getAllByRole('cell')).toHaveLength(3);
    unmount();
    stubListWidth(330);
    renderTable(items(3), { columns: wide });
    expect(headers()).toEqual(['名前', '操作']);
  });

  it('keeps every column when they fit', () => {
    stubListWidth(1000);
    renderTable(items(3), { columns: wide });
    expect(headers()).toEqual(['名前', 'メモ', 'キー', '操作']);
  });

  const cards: VirtualCards<Item> = {
    below: 640,
    height: 100,
    render: (r) => (
      <>
        <strong>{r.name}</strong>
        <button type="button">{`${r.name}を削除`}</button>
      </>
    ),
  };

  it('shows each row as a card in a list below the card width, and rows of a table above it', () => {
    stubListWidth(390);
    const { unmount } = render(table(items(1_000), { cards }));
    const list = screen.getByRole('list', { name: '一覧' });
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryAllByRole('columnheader')).toHaveLength(0);
    const shown = within(list).getAllByRole('listitem');
    expect(shown.length).toBeLessThan(20); // still only what is in view
    expect(shown[0]!.getAttribute('aria-setsize')).toBe('1000');
    expect(within(shown[0]!).getByText('行0')).toBeTruthy();
    expect(within(shown[0]!).getByRole('button', { name: '行0を削除' })).toBeTruthy();
    expect(shown[1]!.style.top).toBe('100px'); // the card height, not the row height
    unmount();
    stubListWidth(800);
    render(table(items(1_000), { cards }));
    expect(screen.getByRole('table', { name: '一覧' })).toBeTruthy();
  });

  it('opens a row on a tap or Enter, but not when the tap or key is on a button inside it', () => {
    const open = vi.fn();
    renderTable(items(3), { columns: wide, onRowClick: open });
    const row = bodyRows()[1]!;
    fireEvent.click(within(row).getAllByRole('cell')[0]!);
    expect(open).toHaveBeenLastCalledWith({ id: 'k1', name: '行1' });
    open.mockClear();
    fireEvent.click(within(row).getByRole('button', { name: '行1を削除' }));
    expect(open).not.toHaveBeenCalled();
    fireEvent.keyDown(within(row).getByRole('button'), { key: 'Enter' });
    expect(open).not.toHaveBeenCalled();
    expect(row.tabIndex).toBe(0);
    fireEvent.keyDown(row, { key: 'Enter' });
    expect(open).toHaveBeenCalledWith({ id: 'k1', name: '行1' });
  });

  it('opens a card on a tap too', () => {
    stubListWidth(390);
    const open = vi.fn();
    render(table(items(3), { cards, onRowClick: open }));
    const card = screen.getAllByRole('listitem')[2]!;
    fireEvent.click(within(card).getByText('行2'));
    expect(open).toHaveBeenCalledWith({ id: 'k2', name: '行2' });
    open.mockClear();
    fireEvent.click(within(card).getByRole('button'));
    expect(open).not.toHaveBeenCalled();
  });
});
