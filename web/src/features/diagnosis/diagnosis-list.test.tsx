import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { currentPatientStore } from '../../components/current-patient/current-patient-session';
import { localDb } from '../../data/local-db';
import { staffUser } from '../../test-utils/fixtures';
import { serverCustomer, serverDiagnosis, serverMarker } from '../../test-utils/sync-fixtures';
import { SLOW, itemOf, listItems, renderPage, useFreshDevice } from './diagnosis-page-test-support';
import { id, seed } from './test-support';

const HANAKO = id(1);
const GONE = id(2);
const UNKNOWN = '0193ffff-0000-4000-8000-000000000009';

const title = () => screen.getByRole('heading', { level: 2 }).textContent;

describe('diagnosis history list', () => {
  useFreshDevice();

  it('says exactly what to do when there is no record', async () => {
    renderPage();
    expect(await screen.findByText('診断記録がありません。新規診断記録を作成してください。')).toBeTruthy();
    expect(title()).toBe('診断記録一覧（0件）');
    expect(screen.getByRole('button', { name: '新規診断記録' })).toBeTruthy();
  });

  it('lists records newest first: name (削除済み, or the ID), spots, max-pain chip, date, summary, notes and 詳細', async () => {
    await seed({
      customers: [
        serverCustomer({ id: HANAKO, name: '山田 花子' }),
        serverCustomer({ id: GONE, name: '鈴木 一郎', chartNumber: 2, deleted: true }),
      ],
      diagnoses: [
        serverDiagnosis({ id: id(11), customerId: HANAKO, date: '2026-11-20', notes: '右肩が上がらない' }),
        serverDiagnosis({ id: id(12), customerId: GONE, date: '2026-11-18' }),
        serverDiagnosis({ id: id(13), customerId: UNKNOWN, date: '2026-11-10' }),
        serverDiagnosis({ id: id(14), customerId: HANAKO, date: '2026-11-01' }),
      ],
      painMarkers: [
        serverMarker({ id: id(21), diagnosisId: id(11), number: 1, painLevel: 7 }),
        serverMarker({ id: id(22), diagnosisId: id(11), number: 2, painLevel: 3 }),
        serverMarker({ id: id(23), diagnosisId: id(11), number: 3, painLevel: 9, resolved: true }),
        serverMarker({ id: id(24), diagnosisId: id(12), number: 1, painLevel: 4 }),
        serverMarker({ id: id(25), diagnosisId: id(13), number: 1, painLevel: 2 }),
      ],
    });
    renderPage();
    await waitFor(() => expect(listItems()).toHaveLength(4));
    expect(title()).toBe('診断記録一覧（4件）');
    expect(listItems().map((item) => item.querySelector('time')?.textContent)).toEqual([
      '2026-11-20',
      '2026-11-18',
      '2026-11-10',
      '2026-11-01',
    ]);

    const latest = within(listItems()[0]!);
    expect(latest.getByText('山田 花子')).toBeTruthy();
    // The healed (消失) spot is not pain now: two spots, max 7.
    expect(latest.getByText('痛み2か所')).toBeTruthy();
    expect(latest.getByText('最大 7').className).toContain('diagnosis-chip-red');
    expect(latest.getByText('中程度の痛みがあります')).toBeTruthy();
    // Spec 5's 高い痛み (7 or more) by place (the 7 at the chest's midline): the healed 9 is not pain now.
    // The spots have no stored region (the fixture's, as a record from before regions): named by position once
    // the figure's shapes have loaded.
    expect(await latest.findByText('高い痛み（7以上）：胸部')).toBeTruthy();
    expect(within(itemOf('鈴木 一郎（削除済み）')).queryByText(/高い痛み/)).toBeNull();
    expect(latest.getByText('右肩が上がらない')).toBeTruthy();
    expect(latest.getByRole('button', { name: '山田 花子の診断記録（2026-11-20）の詳細' }).textContent).toBe('詳細');

    const ofDeleted = within(itemOf('鈴木 一郎（削除済み）'));
    expect(ofDeleted.getByText('最大 4').className).toContain('diagnosis-chip-orange');
    expect(ofDeleted.getByText('軽度の痛みがあります')).toBeTruthy();
    const ofUnknown = within(listItems()[2]!);
    expect(ofUnknown.getByText('顧客ID: 0193ffff')).toBeTruthy();
    expect(ofUnknown.getByText('最大 2').className).toContain('diagnosis-chip-green');
    const unmarked = within(listItems()[3]!);
    expect(unmarked.getByText('痛み0か所')).toBeTruthy();
    expect(unmarked.queryByText(/最大/)).toBeNull();
    expect(unmarked.getByText('痛みの記録がありません')).toBeTruthy();
    expect(screen.queryByText('未同期')).toBeNull();
  });

  it('marks 未同期 a record that, or one of whose markers, the server has not confirmed', async () => {
    await seed({
      customers: [serverCustomer({ id: HANAKO, name: '山田 花子' })],
      diagnoses: [
        serverDiagnosis({ id: id(11), customerId: HANAKO, date: '2026-11-20' }),
        serverDiagnosis({ id: id(12), customerId: HANAKO, date: '2026-11-19' }),
        serverDiagnosis({ id: id(13), customerId: HANAKO, date: '2026-11-18' }),
      ],
      painMarkers: [serverMarker({ id: id(21), diagnosisId: id(12) })],
    });
    await localDb.diagnoses.update(id(11), { pending: 1 });
    await localDb.painMarkers.update(id(21), { pending: 1 });
    renderPage();
    await waitFor(() => expect(listItems()).toHaveLength(3));
    expect(listItems().map((item) => within(item).queryByText('未同期') !== null)).toEqual([true, true, false]);
  });

  it('shows the latest 50 and more on さらに表示, counting all of them in the title', async () => {
    await seed({
      customers: [serverCustomer({ id: HANAKO, name: '山田 花子' })],
      diagnoses: Array.from({ length: 53 }, (_, i) =>
        serverDiagnosis({
          id: id(1000 + i),
          customerId: HANAKO,
          date: `2026-0${1 + (i % 9)}-${String(1 + (i % 28)).padStart(2, '0')}`,
        }),
      ),
    });
    renderPage();
    await waitFor(() => expect(listItems()).toHaveLength(50), SLOW);
    expect(title()).toBe('診断記録一覧（53件）');
    fireEvent.click(screen.getByRole('button', { name: 'さらに表示（50件 / 53件）' }));
    await waitFor(() => expect(listItems()).toHaveLength(53));
    expect(screen.queryByRole('button', { name: /さらに表示/ })).toBeNull();
  });

  it("lists only the current patient's records while one is chosen, everyone's again once cleared", async () => {
    await seed({
      customers: [serverCustomer({ id: HANAKO, name: '山田 花子' }), serverCustomer({ id: GONE, name: '佐藤 次郎' })],
      diagnoses: [
        serverDiagnosis({ id: id(31), customerId: HANAKO, date: '2026-03-01' }),
        serverDiagnosis({ id: id(32), customerId: GONE, date: '2026-03-02' }),
        serverDiagnosis({ id: id(33), customerId: HANAKO, date: '2026-03-03' }),
      ],
    });
    act(() => currentPatientStore.choose(staffUser.id, HANAKO));
    renderPage();
    await waitFor(() => expect(title()).toBe('診断記録一覧（2件）'), SLOW);
    expect(listItems().every((item) => within(item).queryByText(/山田 花子/) !== null)).toBe(true);
    expect(screen.getByRole('group', { name: '患者で絞り込み' })).toBeTruthy();
    act(() => currentPatientStore.choose(staffUser.id, null));
    await waitFor(() => expect(title()).toBe('診断記録一覧（3件）'), SLOW);
  });

  it('says 取得エラー when the device cannot be read', async () => {
    vi.spyOn(localDb.diagnoses, 'orderBy').mockImplementation(() => {
      throw new Error('closed');
    });
    renderPage();
    expect(await screen.findByText('取得エラー')).toBeTruthy();
    expect(screen.getByText('診断記録の読み込みに失敗しました。画面を再読み込みしてください。')).toBeTruthy();
  });
});
