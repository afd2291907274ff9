import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LocalCustomer } from '../../data/clinic-db';
import { customerCache } from '../../data';
import { localDb } from '../../data/local-db';
import { serverCustomer } from '../../test-utils/sync-fixtures';
import { withAntd } from '../../test-utils/render';
import { CustomerPicker } from './customer-picker';
import { MAX_CUSTOMER_OPTIONS } from './use-customer-options';

const id = (n: number) => `0193a3f0-0000-4000-8000-${String(n).padStart(12, '0')}`;

async function seed(rows: Parameters<typeof serverCustomer>[0][]) {
  await localDb.customers.bulkPut(rows.map((r) => ({ ...serverCustomer(r), pending: 0 as const })));
  await customerCache.settled();
}

function Harness({ onPick }: { onPick: (id: string | null, customer: LocalCustomer | null) => void }) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <CustomerPicker
      value={value}
      onChange={(next, customer) => {
        setValue(next);
        onPick(next, customer);
      }}
    />
  );
}

const search = () => screen.getByRole('combobox', { name: '顧客' });
const typeQuery = (text: string) => fireEvent.change(search(), { target: { value: text } });
/** The option rows antd puts on screen (it also keeps an accessible copy of the active one). */
const shownNames = () => [...document.querySelectorAll('.customer-picker-name')].map((e) => e.textContent);

beforeEach(async () => {
  await localDb.customers.clear();
  await customerCache.settled();
});
afterEach(() => vi.restoreAllMocks());

describe('customer picker', () => {
  it('finds a customer by フリガナ typed in hiragana or half-width kana and hands back the chosen one', async () => {
    await seed([
      { id: id(1), name: '山田 花子', nameKana: 'ヤマダ ハナコ', chartNumber: 12 },
      { id: id(2), name: '佐藤 次郎', nameKana: 'サトウ ジロウ', chartNumber: 13 },
    ]);
    const onPick = vi.fn();
    render(withAntd(<Harness onPick={onPick} />));
    fireEvent.mouseDown(search());
    typeQuery('やまだ');
    await waitFor(() => expect(shownNames()).toEqual(['山田 花子']));
    typeQuery('ｻﾄｳ');
    await waitFor(() => expect(shownNames()).toEqual(['佐藤 次郎']));
    // The option shows name, フリガナ and カルテ番号.
    const option = document.querySelector('.customer-picker-option') as HTMLElement;
    expect(within(option).getByText('サトウ ジロウ')).toBeTruthy();
    expect(within(option).getByText('No.13')).toBeTruthy();
    fireEvent.click(option);
    expect(onPick).toHaveBeenCalledWith(id(2), expect.objectContaining({ id: id(2), name: '佐藤 次郎' }));
  });

  it('finds a customer by カルテ番号 and marks one not yet synced', async () => {
    await seed([
      { id: id(1), name: '山田 花子', chartNumber: 1024 },
      { id: id(2), name: '新規 太郎', nameKana: 'シンキ タロウ', chartNumber: null },
    ]);
    render(withAntd(<Harness onPick={vi.fn()} />));
    fireEvent.mouseDown(search());
    typeQuery('1024');
    await waitFor(() => expect(shownNames()).toEqual(['山田 花子']));
    typeQuery('しんき');
    await waitFor(() => expect(shownNames()).toEqual(['新規 太郎']));
    expect(screen.getAllByText('未同期').length).toBeGreaterThan(0);
  });

  it('leaves out customers with a blank name or no id, and says when nothing matches', async () => {
    await seed([
      { id: id(1), name: '山田 花子' },
      { id: id(2), name: '   ' },
    ]);
    // A damaged row with no id cannot be chosen or saved against.
    await localDb.customers.put({ ...serverCustomer({ id: '' }), name: '壊れた 記録', pending: 0 });
    await customerCache.settled();
    render(withAntd(<Harness onPick={vi.fn()} />));
    fireEvent.mouseDown(search());
    await waitFor(() => expect(shownNames()).toEqual(['山田 花子']));
    typeQuery('存在しない');
    expect(await screen.findByText('該当する顧客がいません')).toBeTruthy();
  });

  it('lists only the first matches of 10,000 customers and says how many more there are', async () => {
    await seed(
      Array.from({ length: 10_000 }, (_, i) => ({
        id: id(i + 1),
        name: `顧客 ${i + 1}`,
        nameKana: 'コキャク',
        chartNumber: i + 1,
      })),
    );
    render(withAntd(<Harness onPick={vi.fn()} />));
    fireEvent.mouseDown(search());
    expect(
      await screen.findByText(`ほか${10_000 - MAX_CUSTOMER_OPTIONS}件。顧客名やフリガナを入力して絞り込んでください`),
    ).toBeTruthy();
    typeQuery('9999');
    await waitFor(() => expect(shownNames()).toEqual(['顧客 9999']));
    expect(screen.queryByText(/^ほか/)).toBeNull();
  });

  it('keeps showing the chosen customer while another search is typed', async () => {
    await seed([
      { id: id(1), name: '山田 花子', nameKana: 'ヤマダ ハナコ' },
      { id: id(2), name: '佐藤 次郎', nameKana: 'サトウ ジロウ' },
    ]);
    render(withAntd(<CustomerPicker value={id(1)} onChange={vi.fn()} />));
    expect(screen.getByText('山田 花子')).toBeTruthy();
    act(() => {
      fireEvent.mouseDown(search());
      typeQuery('さとう');
    });
    await waitFor(() => expect(shownNames()).toContain('佐藤 次郎'));
  });
});
