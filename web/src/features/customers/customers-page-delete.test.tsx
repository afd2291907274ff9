import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { localDb } from '../../data/local-db';
import { useFreshDevice } from '../../test-utils/fresh-device';
import { renderPage, seed } from './customers-page-test-support';
import { localSurveyOf, localVisitOf } from './records-test-support';

const ID1 = '0193a3f0-0000-4000-8000-000000000001';
const ID2 = '0193a3f0-0000-4000-8000-000000000002';

// Deleting from the customer list: the confirmation's words, the records that stay, a failed store.
describe('customers page: deleting', () => {
  useFreshDevice();

  it('deletes after the spec title and a word that it cannot be undone; the row disappears at once', async () => {
    await seed({ id: ID1, name: '山田 花子' }, { id: ID2, name: '佐藤 次郎', phone: '03-1111-2222' });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: '山田 花子を削除' }));
    const confirm = await screen.findByRole('dialog', { name: '顧客「山田 花子」を削除しますか？' });
    expect(within(confirm).getByText('このデータは元に戻せません。')).toBeTruthy();
    expect(within(confirm).queryByText(/この顧客には/)).toBeNull(); // no records: nothing more to say
    expect(within(confirm).getByRole('button', { name: 'キャンセル' })).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: '削除する' }));
    await waitFor(() => expect(screen.queryByText('山田 花子')).toBeNull());
    expect(screen.getByText('佐藤 次郎')).toBeTruthy();
    const [entry] = await localDb.outbox.toArray();
    expect(entry).toMatchObject({ name: 'customer.delete', args: { id: ID1 } });
  });

  it('says how many records a customer has before deleting them, and that the records stay', async () => {
    await seed({ id: ID1, name: '山田 花子' }, { id: ID2, name: '佐藤 次郎', phone: '03-1111-2222' });
    await localDb.visits.bulkPut([
      localVisitOf(ID1, 'a1', '2026-11-01'),
      localVisitOf(ID1, 'a2', '2026-11-10'),
      localVisitOf(ID1, 'a3', '2026-11-20'),
      { ...localVisitOf(ID1, 'a4', '2026-11-21'), deleted: true },
      localVisitOf(ID2, 'a5', '2026-11-20'),
    ]);
    await localDb.surveys.bulkPut([localSurveyOf(ID1, 'b1'), localSurveyOf(ID1, 'b2')]);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: '山田 花子を削除' }));
    const confirm = await screen.findByRole('dialog', { name: '顧客「山田 花子」を削除しますか？' });
    expect(
      within(confirm).getByText(
        'この顧客には来院記録3件・アンケート2件があります。記録は削除されず、顧客名に「削除済み」と表示されて残ります。',
      ),
    ).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: '削除する' }));
    await waitFor(() => expect(screen.queryByText('山田 花子')).toBeNull());
    expect(await localDb.visits.where('[customerId+date]').between([ID1, ''], [ID1, '\uffff']).count()).toBe(4);
    expect(await localDb.surveys.count()).toBe(2);
  });

  it('shows 削除に失敗しました when the delete cannot be stored', async () => {
    await seed({ id: ID1, name: '山田 花子' });
    renderPage();
    vi.spyOn(localDb.outbox, 'add').mockRejectedValueOnce(new Error('broken'));
    fireEvent.click(await screen.findByRole('button', { name: '山田 花子を削除' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '削除する' }));
    expect(await screen.findByText('削除に失敗しました')).toBeTruthy();
    expect(screen.getByText('山田 花子')).toBeTruthy();
  });
});
