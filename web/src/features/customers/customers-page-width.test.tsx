import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubListWidth } from '../../components/virtual-table/test-support';
import { stopSyncAndWait, wipeLocalData } from '../../sync';
import { headers, renderPage, seed } from './customers-page-test-support';

const ID1 = '0193a3f0-0000-4000-8000-000000000001';

describe('customers page at the width it has', () => {
  beforeEach(async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await stopSyncAndWait();
    await wipeLocalData();
    await seed({
      id: ID1,
      name: '山田 花子',
      nameKana: 'ヤマダ ハナコ',
      phone: '090-1234-5678',
      email: 'hanako@example.jp',
      chartNumber: 12,
    });
  });
  afterEach(async () => {
    await stopSyncAndWait();
    vi.unstubAllGlobals();
  });

  it('on a tablet held upright drops the e-mail column before the buttons', async () => {
    stubListWidth(768);
    renderPage();
    await screen.findByText('山田 花子');
    expect(headers()).toEqual(['カルテ番号', '顧客名', '年齢', '性別', '電話番号', '操作']);
    expect(screen.getByRole('button', { name: '山田 花子を編集' })).toBeTruthy();
  });

  it('on a phone shows a card per customer: name, フリガナ, カルテ番号, phone and the buttons beside them', async () => {
    stubListWidth(358);
    renderPage();
    const list = await screen.findByRole('list', { name: '顧客一覧' });
    expect(screen.queryByRole('table')).toBeNull();
    const [card] = within(list).getAllByRole('listitem');
    expect(within(card!).getByText('山田 花子')).toBeTruthy();
    expect(within(card!).getByText('ヤマダ ハナコ')).toBeTruthy();
    expect(card!.textContent).toContain('カルテ番号 12');
    expect(within(card!).getByText('090-1234-5678')).toBeTruthy();
    expect(within(card!).getByRole('button', { name: '山田 花子を編集' })).toBeTruthy();
    expect(within(card!).getByRole('button', { name: '山田 花子を削除' })).toBeTruthy();
    fireEvent.click(within(card!).getByText('ヤマダ ハナコ'));
    expect(await screen.findByText(`カルテ ${ID1}`)).toBeTruthy();
  });

  it('on a phone centres the no-match message in the screen, not in a wide table', async () => {
    stubListWidth(358);
    renderPage();
    await screen.findByText('山田 花子');
    fireEvent.change(screen.getByPlaceholderText('顧客名・フリガナ・電話番号・カルテ番号で検索'), {
      target: { value: '田中' },
    });
    const message = await screen.findByText('検索条件に一致する顧客が見つかりません');
    expect(screen.getByRole('list', { name: '顧客一覧' }).contains(message)).toBe(false);
  });
});
