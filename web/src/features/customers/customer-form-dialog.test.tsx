import { ageOn, todayInJapan } from '@clinic/sync-protocol';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LocalCustomer } from '../../data/clinic-db';
import { customerCache } from '../../data';
import { localDb } from '../../data/local-db';
import { stopSyncAndWait, wipeLocalData } from '../../sync';
import { serverCustomer } from '../../test-utils/sync-fixtures';
import { withAntd } from '../../test-utils/render';
import { CustomerFormDialog } from './customer-form-dialog';
import CustomersPage, { preloadCustomerForm } from './customers-page';

const ID1 = '0193a3f0-0000-4000-8000-000000000001';
const ID2 = '0193a3f0-0000-4000-8000-000000000002';

/** Stores the customers and answers them in the order given, one for each row. */
async function seed<R extends Parameters<typeof serverCustomer>[0][]>(
  ...rows: R
): Promise<{ [K in keyof R]: LocalCustomer }> {
  const customers = rows.map((r) => ({ ...serverCustomer({ birthDate: null, ...r }), pending: 0 as const }));
  await localDb.customers.bulkPut(customers);
  await customerCache.settled();
  return customers as { [K in keyof R]: LocalCustomer };
}

// Without motion a closed dialog leaves the page at once (happy-dom never ends an animation).
const noMotion = (node: React.ReactNode) =>
  withAntd(<ConfigProvider theme={{ token: { motion: false } }}>{node}</ConfigProvider>);

function open(customer: LocalCustomer | null = null) {
  const onClose = vi.fn();
  const onOpenExisting = vi.fn();
  render(noMotion(<CustomerFormDialog customer={customer} onClose={onClose} onOpenExisting={onOpenExisting} />));
  return { onClose, onOpenExisting };
}

const dialog = () => screen.getByRole('dialog', { name: /新規顧客登録|顧客情報の編集/ });
const field = (label: string) => within(dialog()).getByLabelText<HTMLInputElement>(label);
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const clickSave = () => fireEvent.click(within(dialog()).getByRole('button', { name: /保存$/ }));
const duplicateWarning = () => screen.findByRole('dialog', { name: '登録済みの可能性があります' });
const stored = () => localDb.outbox.toArray();

describe('customer form dialog', () => {
  // Under NODE_ENV=test antd gives every dialog the id "test-id", so two open dialogs share one name.
  beforeAll(async () => {
    vi.stubEnv('NODE_ENV', 'development');
    await customerCache.settled();
    await preloadCustomerForm(); // the page loads its form after the list shows
  });
  afterAll(() => void vi.unstubAllEnvs());
  beforeEach(async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await stopSyncAndWait();
    await wipeLocalData();
    await customerCache.settled();
  });
  afterEach(async () => {
    await stopSyncAndWait();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('labels the name field 顧客名, as its message says, and starts there', async () => {
    open();
    await waitFor(() => expect(document.activeElement).toBe(field('顧客名')));
    clickSave();
    expect(await within(dialog()).findByText('顧客名を入力してください')).toBeTruthy();
  });

  it('saves a full-width age and phone as the schema stores them, and shows them so on leaving the field', async () => {
    const { onClose } = open();
    type('顧客名', '山田 花子');
    type('電話番号', '０９０ー１２３４ー５６７８');
    fireEvent.blur(field('電話番号'));
    expect(field('電話番号').value).toBe('090-1234-5678');
    type('年齢', '３５');
    expect(field('年齢').inputMode).toBe('numeric');
    fireEvent.blur(field('年齢'));
    expect(field('年齢').value).toBe('35');
    clickSave();

    await waitFor(() => expect(onClose).toHaveBeenCalledWith({ outcome: 'created', id: expect.any(String) }));
    const [entry] = await stored();
    expect(entry?.args).toMatchObject({ name: '山田 花子', phone: '090-1234-5678', age: 35 });
  });

  it('refuses an age of ２００ with the schema message and keeps what was typed', async () => {
    const { onClose } = open();
    type('顧客名', '山田 花子');
    type('電話番号', '090-1234-5678');
    type('年齢', '２００');
    fireEvent.blur(field('年齢'));
    clickSave();
    expect(await within(dialog()).findByText('年齢は0から150までの整数で入力してください')).toBeTruthy();
    expect(field('年齢').value).toBe('２００');
    expect(onClose).not.toHaveBeenCalled();
    expect(await stored()).toHaveLength(0);
  });

  it('reads a 和暦 birth date, shows it with the age under the field, and needs no 年齢', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-31T03:00:00.000Z'));
    const { onClose } = open();
    type('顧客名', '山田 花子');
    type('電話番号', '090-1234-5678');
    expect(field('生年月日').placeholder).toBe('例: 1985-04-01 / 昭和60年4月1日');
    type('生年月日', 'S60.4.1');
    expect(await within(dialog()).findByText('昭和60年4月1日（1985年）・40歳')).toBeTruthy();
    type('生年月日', '昭和65年1月1日');
    expect(await within(dialog()).findByText(/生年月日の元号と日付が合っていません/)).toBeTruthy();
    expect(within(dialog()).queryByText(/歳$/)).toBeNull();
    type('生年月日', '1985/4/1');
    clickSave();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [entry] = await stored();
    expect(entry?.args).toMatchObject({ birthDate: '1985-04-01', age: null });
  });

  it('shows a stored birth date with today’s age when editing', async () => {
    const [customer] = await seed({ id: ID1, birthDate: '1985-04-01', age: null });
    open(customer);
    const age = ageOn('1985-04-01', todayInJapan())!;
    expect(field('生年月日').value).toBe('1985-04-01');
    expect(await within(dialog()).findByText(`昭和60年4月1日（1985年）・${age}歳`)).toBeTruthy();
  });

  it('asks before discarding typed input and keeps it on 編集を続ける', async () => {
    const { onClose } = open();
    type('顧客名', '山田 花子');
    fireEvent.keyDown(window, { key: 'Escape' });
    const ask = await screen.findByRole('dialog', { name: '入力内容を破棄しますか？' });
    fireEvent.click(within(ask).getByRole('button', { name: '編集を続ける' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '入力内容を破棄しますか？' })).toBeNull());
    expect(field('顧客名').value).toBe('山田 花子');
    expect(onClose).not.toHaveBeenCalled();
  });

  describe('a customer already on the device with the same name and phone', () => {
    const typeTheSamePerson = () => {
      type('顧客名', '山田花子');
      type('電話番号', '０９０１２３４５６７８');
      type('既往歴', '腰痛');
      clickSave();
    };

    it('names the existing one; キャンセル goes back to the form with nothing lost or stored', async () => {
      await seed({ id: ID1, name: '山田 花子', phone: '090-1234-5678', chartNumber: 1024 });
      const { onClose } = open();
      typeTheSamePerson();
      const warning = await duplicateWarning();
      expect(within(warning).getByText('同じ顧客名と電話番号の顧客がこの端末に登録されています。')).toBeTruthy();
      expect(within(warning).getByText('山田 花子')).toBeTruthy();
      expect(within(warning).getByText('1024')).toBeTruthy();
      expect(within(warning).getByText('090-1234-5678')).toBeTruthy();

      fireEvent.click(within(warning).getByRole('button', { name: 'キャンセル' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: '登録済みの可能性があります' })).toBeNull());
      expect(field('顧客名').value).toBe('山田花子');
      expect(field('既往歴').value).toBe('腰痛');
      expect(onClose).not.toHaveBeenCalled();
      expect(await stored()).toHaveLength(0);
    });

    it('このまま保存 saves the new customer', async () => {
      await seed({ id: ID1, name: '山田 花子', phone: '090-1234-5678' });
      const { onClose } = open();
      typeTheSamePerson();
      fireEvent.click(within(await duplicateWarning()).getByRole('button', { name: 'このまま保存' }));
      await waitFor(() => expect(onClose).toHaveBeenCalledWith({ outcome: 'created', id: expect.any(String) }));
      expect((await stored()).map((e) => e.name)).toEqual(['customer.create']);
    });

    it('登録済みの顧客を開く hands the existing customer to the page and stores nothing', async () => {
      const [existing] = await seed({ id: ID1, name: '山田 花子', phone: '090-1234-5678', chartNumber: null });
      const { onClose, onOpenExisting } = open();
      typeTheSamePerson();
      const warning = await duplicateWarning();
      expect(within(warning).getByText('未同期')).toBeTruthy();
      fireEvent.click(within(warning).getByRole('button', { name: '登録済みの顧客を開く' }));
      await waitFor(() => expect(onOpenExisting).toHaveBeenCalledWith(existing));
      expect(onClose).not.toHaveBeenCalled();
      expect(await stored()).toHaveLength(0);
    });

    it('is not asked for a different phone', async () => {
      await seed({ id: ID1, name: '山田 花子', phone: '090-1234-5678' });
      const { onClose } = open();
      type('顧客名', '山田 花子');
      type('電話番号', '090-1234-5679');
      clickSave();
      await waitFor(() => expect(onClose).toHaveBeenCalledWith({ outcome: 'created', id: expect.any(String) }));
      expect(screen.queryByRole('dialog', { name: '登録済みの可能性があります' })).toBeNull();
    });

    it('is not asked for an edit that keeps the name and phone, even when another has the same', async () => {
      const [hanako] = await seed(
        { id: ID1, name: '山田 花子', phone: '090-1234-5678' },
        { id: ID2, name: '山田 花子', phone: '090-1234-5678', chartNumber: 2 },
      );
      const { onClose } = open(hanako);
      type('既往歴', '腰痛');
      clickSave();
      await waitFor(() => expect(onClose).toHaveBeenCalledWith({ outcome: 'updated', id: ID1 }));
      expect(screen.queryByRole('dialog', { name: '登録済みの可能性があります' })).toBeNull();
    });

    it('is asked for an edit that makes the phone match another customer', async () => {
      const [, jiro] = await seed(
        { id: ID1, name: '山田 花子', phone: '090-1234-5678' },
        { id: ID2, name: '山田 花子', phone: '03-1111-2222', chartNumber: 2 },
      );
      const { onClose } = open(jiro);
      type('電話番号', '090-1234-5678');
      clickSave();
      expect(await duplicateWarning()).toBeTruthy();
      expect(onClose).not.toHaveBeenCalled();
    });
  });

  it('says 保存しました after a create and after an edit', async () => {
    await seed({ id: ID1, name: '佐藤 次郎', phone: '03-1111-2222' });
    render(
      noMotion(
        <MemoryRouter initialEntries={['/customers']}>
          <CustomersPage />
        </MemoryRouter>,
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: /新規顧客/ }));
    type('顧客名', '山田 花子');
    type('電話番号', '090-1234-5678');
    clickSave();
    expect(await screen.findByText('保存しました')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(await screen.findByRole('button', { name: '佐藤 次郎を編集' }));
    type('電話番号', '03-9999-0000');
    clickSave();
    await waitFor(() => expect(screen.getAllByText('保存しました')).toHaveLength(2));
  });
});
