import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { auditEventsDb } from '../../audit-events/audit-events-db';
import { localDb } from '../../data/local-db';
import { useFreshDevice } from '../../test-utils/fresh-device';
import { visitId } from './test-support';
import { preloadNoteTooltip } from './visit-notes';
import {
  axeViolations,
  cellsOf,
  clickSave,
  dialog,
  field,
  headers,
  list,
  LONG_NOTE,
  NOW,
  renderPage,
  rowOf,
  seedNovember,
  shownCustomers,
  SLOW,
  toolbar,
  totals,
  type,
} from './visits-page-test-support';
import { preloadVisitForm } from './visits-page';
import { pickCustomer } from '../../components/customer-picker/test-support';

// The form loads on demand in the app; here it is there from the start, as after the page's idle preload.
await preloadVisitForm();

describe('visits page', () => {
  useFreshDevice({ now: NOW });

  it('says so when there are no visits at all, over the list', async () => {
    renderPage();
    const message = await screen.findByText('来院記録がありません');
    expect(list().contains(message)).toBe(false);
    expect(headers()).toEqual(['日付', '顧客', '施術メニュー', '料金', '担当者', 'メモ', '操作']);
    expect(totals()).toBe('期間合計：0件　¥0');
    expect(screen.getByRole('button', { name: '表示中の来院記録をCSV出力' })).toHaveProperty('disabled', true);
  });

  it("shows this month's visits, newest first, with the customer's name, 削除済み, 未設定, ¥ and the totals", async () => {
    await seedNovember();
    renderPage();
    await waitFor(() => expect(shownCustomers()).toEqual(['山田 花子', '佐藤 次郎', '鈴木 一郎（削除済み）']));
    expect(screen.getByLabelText<HTMLInputElement>('開始日').value).toBe('2026-11-01');
    expect(screen.getByLabelText<HTMLInputElement>('終了日').value).toBe('2026-11-30');
    expect(cellsOf('佐藤 次郎')).toEqual(['2026-11-18', '佐藤 次郎', '未設定', '', '田中', '初回', '編集削除']);
    expect(cellsOf('鈴木 一郎（削除済み）').slice(0, 5)).toEqual([
      '2026-11-03',
      '鈴木 一郎（削除済み）',
      'マッサージ30分',
      '¥3,000',
      '佐藤',
    ]);
    expect(cellsOf('山田 花子')[3]).toBe('¥6,000');
    expect(totals()).toBe('期間合計：3件　¥9,000'); // October's ¥5,500 is not in the list, so not in the total
  });

  it('marks a visit the server has not confirmed 未同期', async () => {
    await seedNovember();
    await localDb.visits.update(visitId(2), { pending: 1 });
    renderPage();
    await waitFor(() => expect(within(rowOf('佐藤 次郎')).getByText('未同期')).toBeTruthy());
    expect(within(rowOf('山田 花子')).queryByText('未同期')).toBeNull();
  });

  it('cuts a long note at 20 characters; pointing at it or tapping it shows the whole note', async () => {
    await seedNovember();
    renderPage();
    await screen.findByRole('button', { name: `メモ：${LONG_NOTE}` });
    await act(() => preloadNoteTooltip()); // loaded once the list is shown (see visit-notes.tsx)
    const note = await screen.findByRole('button', { name: `メモ：${LONG_NOTE}` });
    expect(note.textContent).toBe('右肩の痛みが強く、次回は首から肩甲骨まわ…');
    // A short note is one line too (the column's width may cut it), with the whole text a tap away.
    const short = within(rowOf('佐藤 次郎')).getByRole('button', { name: 'メモ：初回' });
    expect(short.className).toBe('visit-notes');
    fireEvent.click(note);
    const tip = await screen.findByRole('tooltip');
    expect(tip.textContent).toContain(LONG_NOTE);
    expect(screen.queryByText('来院記録の編集')).toBeNull(); // the tap was the note's, not the row's
    fireEvent.blur(note);
    fireEvent.mouseEnter(note);
    expect((await screen.findByRole('tooltip')).textContent).toContain(LONG_NOTE);
  });

  it('narrows to the dates chosen, says 日計 for one day, and tells no match from no data', async () => {
    await seedNovember();
    renderPage();
    await waitFor(() => expect(shownCustomers()).toHaveLength(3));
    fireEvent.change(screen.getByLabelText('開始日'), { target: { value: '2026-10-01' } });
    await waitFor(() =>
      expect(shownCustomers()).toEqual(['山田 花子', '佐藤 次郎', '鈴木 一郎（削除済み）', '山田 花子']),
    );
    expect(totals()).toBe('期間合計：4件　¥14,500');

    fireEvent.click(within(toolbar()).getByRole('button', { name: '今日' }));
    await waitFor(() => expect(shownCustomers()).toEqual(['山田 花子']));
    expect(totals()).toBe('日計：1件　¥6,000');

    fireEvent.change(screen.getByLabelText('開始日'), { target: { value: '2026-11-25' } }); // after the end: the end follows
    expect(screen.getByLabelText<HTMLInputElement>('終了日').value).toBe('2026-11-25');
    expect(await screen.findByText('条件に一致する来院記録がありません')).toBeTruthy();
    expect(screen.queryByText('来院記録がありません')).toBeNull();
    expect(totals()).toBe('日計：0件　¥0');

    fireEvent.click(within(toolbar()).getByRole('button', { name: '今月' }));
    await waitFor(() => expect(shownCustomers()).toHaveLength(3));
    expect(totals()).toBe('期間合計：3件　¥9,000');
  });

  it('narrows to one customer, over all dates once the dates are cleared', async () => {
    await seedNovember();
    renderPage();
    await waitFor(() => expect(shownCustomers()).toHaveLength(3));
    await pickCustomer(toolbar(), 'やまだ', '山田 花子');
    await waitFor(() => expect(shownCustomers()).toEqual(['山田 花子']));
    expect(totals()).toBe('期間合計：1件　¥6,000');
    fireEvent.change(screen.getByLabelText('開始日'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('終了日'), { target: { value: '' } });
    await waitFor(() => expect(shownCustomers()).toEqual(['山田 花子', '山田 花子']));
    expect(totals()).toBe('期間合計：2件　¥11,500');
  });

  it('shows one patient’s list as a filter, a chip with × and 全員を表示 that both clear it (issue 38)', async () => {
    await seedNovember();
    renderPage();
    await waitFor(() => expect(shownCustomers()).toHaveLength(3));
    expect(screen.queryByRole('button', { name: '全員を表示' })).toBeNull();
    await pickCustomer(toolbar(), 'やまだ', '山田 花子');
    await waitFor(() => expect(shownCustomers()).toEqual(['山田 花子']));
    expect(await screen.findByText('山田 花子さんの来院のみ')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '山田 花子さんの絞り込みを解除' }));
    await waitFor(() => expect(shownCustomers()).toHaveLength(3));
    expect(screen.queryByText('山田 花子さんの来院のみ')).toBeNull();
    await pickCustomer(toolbar(), 'やまだ', '山田 花子');
    await waitFor(() => expect(shownCustomers()).toEqual(['山田 花子']));
    fireEvent.click(await screen.findByRole('button', { name: '全員を表示' }));
    await waitFor(() => expect(shownCustomers()).toHaveLength(3));
  });

  it('exports exactly the rows shown as a CSV file named after the dates', async () => {
    await seedNovember();
    const files: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      files.push(blob as Blob);
      return 'blob:visits';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    renderPage();
    await waitFor(() => expect(shownCustomers()).toHaveLength(3));
    fireEvent.change(screen.getByLabelText('終了日'), { target: { value: '2026-11-18' } });
    await waitFor(() => expect(shownCustomers()).toHaveLength(2));

    await auditEventsDb.events.clear();
    fireEvent.click(screen.getByRole('button', { name: '表示中の来院記録をCSV出力' }));
    await waitFor(() => expect(names).toEqual(['来院記録_2026-11-01_2026-11-18.csv']));
    // Written down on the device for the access log: what, how many, which filter, who; no patient name.
    const queued = await auditEventsDb.events.toArray();
    expect(queued).toMatchObject([
      {
        userId: 'u-staff',
        event: {
          kind: 'visits.export',
          rows: 2,
          filter: { from: '2026-11-01', to: '2026-11-18', customerId: null },
          at: NOW.toISOString(),
        },
      },
    ]);
    expect(JSON.stringify(queued)).not.toMatch(/佐藤|鈴木/);
    expect(await files[0]!.text()).toBe(
      '\uFEFF日付,カルテ番号,顧客,施術メニュー,料金,担当者,メモ\r\n' +
        '2026-11-18,2,佐藤 次郎,,,田中,初回\r\n' +
        '2026-11-03,3,鈴木 一郎（削除済み）,マッサージ30分,3000,佐藤,\r\n',
    );
    expect(await screen.findByText('2件の来院記録をCSVファイルに出力しました')).toBeTruthy();
  });

  it('exports nothing when the export cannot be written down for the access log', async () => {
    await seedNovember();
    vi.spyOn(auditEventsDb.events, 'add').mockRejectedValue(new DOMException('full', 'QuotaExceededError'));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderPage();
    await waitFor(() => expect(shownCustomers()).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: '表示中の来院記録をCSV出力' }));
    expect(
      await screen.findByText(
        'CSV出力の記録を残せなかったため、出力を中止しました。もう一度お試しください。',
        {},
        SLOW,
      ),
    ).toBeTruthy();
    expect(click).not.toHaveBeenCalled();
  });

  it('opens a visit on a tap on its row', async () => {
    await seedNovember();
    renderPage();
    await waitFor(() => expect(shownCustomers()).toHaveLength(3));
    fireEvent.click(within(rowOf('佐藤 次郎')).getByText('田中'));
    expect(await screen.findByText('来院記録の編集', {}, SLOW)).toBeTruthy();
    expect(field('担当者').value).toBe('田中');
    expect(field('日付').value).toBe('2026-11-18');
  });

  it('edits: sends only the changed fields with the values they replaced', async () => {
    await seedNovember();
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: '2026-11-20 山田 花子の来院記録を編集' }));
    expect(field('料金').value).toBe('6000');
    type('メモ', '次回は腰も');
    type('料金', '６０００'); // the same price in full-width digits is no change
    clickSave();
    expect(await screen.findByText('来院記録を更新しました', {}, SLOW)).toBeTruthy();
    const [entry] = await localDb.outbox.toArray();
    expect(entry?.name).toBe('visit.update');
    expect(entry?.args).toEqual({ id: visitId(1), patch: { notes: '次回は腰も' }, base: { notes: LONG_NOTE } });
    await waitFor(() => expect(within(rowOf('山田 花子')).getByText('次回は腰も')).toBeTruthy());
    expect(within(rowOf('山田 花子')).getByText('未同期')).toBeTruthy();
  });

  it('deletes after asking, naming the date and the customer', async () => {
    await seedNovember();
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: '2026-11-18 佐藤 次郎の来院記録を削除' }));
    // By its title: rc components all take the id "test-id" under test, so the dialog's name may resolve to the picker's.
    const [title] = await screen.findAllByText('来院記録（2026-11-18 佐藤 次郎）を削除しますか？'); // the header's and the body's
    const confirm = title!.closest('[role=dialog]') as HTMLElement;
    expect(within(confirm).getByText('このデータは元に戻せません。')).toBeTruthy();
    expect(screen.queryByText('来院記録の編集')).toBeNull();
    fireEvent.click(within(confirm).getByRole('button', { name: '削除する' }));
    expect(await screen.findByText('来院記録を削除しました', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(shownCustomers()).toEqual(['山田 花子', '鈴木 一郎（削除済み）']));
    expect(totals()).toBe('期間合計：2件　¥9,000');
    const [entry] = await localDb.outbox.toArray();
    expect(entry).toMatchObject({ name: 'visit.delete', args: { id: visitId(2) } });
  });

  it('shows 削除に失敗しました when the delete cannot be stored, and keeps the row', async () => {
    await seedNovember();
    renderPage();
    vi.spyOn(localDb.outbox, 'add').mockRejectedValueOnce(new Error('broken'));
    fireEvent.click(await screen.findByRole('button', { name: '2026-11-18 佐藤 次郎の来院記録を削除' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '削除する' }));
    expect(await screen.findByText('削除に失敗しました')).toBeTruthy();
    expect(shownCustomers()).toContain('佐藤 次郎');
  });

  it('passes axe-core with the list, a note opened, and the dialog open', async () => {
    await seedNovember();
    renderPage();
    await waitFor(() => expect(shownCustomers()).toHaveLength(3));
    expect(await axeViolations()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: `メモ：${LONG_NOTE}` }));
    await screen.findByRole('tooltip');
    expect(await axeViolations()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: /新規来院記録/ }));
    await within(dialog()).findByText('新規来院記録');
    clickSave();
    await within(dialog()).findByText('日付と顧客は必須です');
    expect(await axeViolations()).toEqual([]);
  }, 20_000);

  it('同期 syncs now; offline it says the changes go when the connection returns', async () => {
    renderPage();
    // A device registered at an earlier sync (sync/device-credential.ts): the tap goes straight to the pull.
    await localDb.meta.put({ key: 'deviceCredential', value: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' });
    fireEvent.click(screen.getByRole('button', { name: '更新（今すぐ同期）' }));
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalledWith('/api/sync/pull', expect.anything()));
    expect(await screen.findByText('オフラインです。接続が戻ると自動で同期します。')).toBeTruthy();
    expect(document.querySelector('.ant-message-error')).toBeNull();
  });
});
