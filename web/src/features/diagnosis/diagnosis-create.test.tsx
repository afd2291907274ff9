import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { localDb } from '../../data/local-db';
import { serverCustomer, serverDiagnosis, serverMarker } from '../../test-utils/sync-fixtures';
import {
  SLOW,
  detailDialog,
  dialog,
  inDialog,
  listItems,
  pickCustomer,
  renderPage,
  tab,
  tapRegion,
  shownDetailDialog,
  useFreshDevice,
} from './diagnosis-page-test-support';
import { id, seed } from './test-support';

const HANAKO = id(1);
const JIRO = id(2);

const customers = () =>
  seed({
    customers: [
      serverCustomer({ id: HANAKO, name: '山田 花子', age: 41, gender: 'female' }),
      serverCustomer({ id: JIRO, name: '佐藤 次郎', nameKana: 'サトウ ジロウ', chartNumber: 2 }),
    ],
  });
const saveButton = () => inDialog().getByRole<HTMLButtonElement>('button', { name: '登録' });

async function openNew() {
  renderPage();
  fireEvent.click(await screen.findByRole('button', { name: '新規診断記録' }));
  await waitFor(() => expect(dialog()).toBeTruthy());
  expect(inDialog().getByText('新規診断記録', { selector: '.ant-modal-title' })).toBeTruthy();
}

/** The handle of the pain slider, moved with the keyboard as a person can. */
const sliderRight = (times: number) => {
  const handle = detailDialog().getByRole('slider', { name: '痛みの強さ' });
  for (let i = 0; i < times; i++) fireEvent.keyDown(handle, { key: 'ArrowRight', keyCode: 39, which: 39 });
};

// A dialog with four tabs and a figure takes seconds to drive in happy-dom on two cores.
describe('a new diagnosis record', { timeout: 20_000 }, () => {
  useFreshDevice();

  it('marks two spots by tapping the figure and stores the record, both markers and 3 outbox entries in one go', async () => {
    await customers();
    await openNew();
    expect(saveButton().disabled).toBe(true); // no customer yet
    await pickCustomer('山田', '山田 花子');
    await waitFor(() => expect(saveButton().disabled).toBe(false));

    tab('人体図');
    const shoulder = tapRegion('front.shoulder.right');
    expect(detailDialog().getByText('痛みの詳細（痛み1）')).toBeTruthy();
    expect(detailDialog().getByText('肩（患者の右）')).toBeTruthy();
    expect(detailDialog().getByText('5 / 10')).toBeTruthy(); // spec 5: a new spot starts at 5
    sliderRight(2);
    expect(detailDialog().getByText('7 / 10')).toBeTruthy();
    fireEvent.change(detailDialog().getByLabelText('メモ'), { target: { value: '腕を上げると痛む' } });
    fireEvent.click(detailDialog().getByRole('button', { name: '保存' }));
    await waitFor(() => expect(shownDetailDialog()).toBeNull());

    fireEvent.click(inDialog().getByText('背面'));
    const lowBack = tapRegion('back.low-back.left');
    expect(detailDialog().getByText('痛みの詳細（痛み2）')).toBeTruthy();
    fireEvent.click(detailDialog().getByRole('button', { name: '保存' }));
    await waitFor(() => expect(shownDetailDialog()).toBeNull());

    tab('痛みの一覧');
    // Each spot by its region's name only: no 位置 (30.4%, 20.0%).
    expect(inDialog().getByText('腰部（患者の左）')).toBeTruthy();
    expect(inDialog().queryByText(/位置|%/)).toBeNull();
    expect(inDialog().getByText('前面（1か所）')).toBeTruthy();
    expect(inDialog().getByText('背面（1か所）')).toBeTruthy();
    expect(inDialog().getByText('痛み 7')).toBeTruthy();
    expect(inDialog().getByText('腕を上げると痛む')).toBeTruthy();

    const transaction = vi.spyOn(localDb, 'transaction');
    fireEvent.click(saveButton());
    expect(await screen.findByText('新しい診断記録を保存しました', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(document.querySelector('.diagnosis-dialog')).toBeNull());
    // One writing transaction (the list's reads run in transactions of their own).
    expect(transaction.mock.calls.filter(([mode]) => mode === 'rw')).toHaveLength(1);

    const [record] = await localDb.diagnoses.toArray();
    expect(record).toMatchObject({ customerId: HANAKO, visitId: null, pending: 1 });
    const markers = (await localDb.painMarkers.toArray()).sort((a, b) => a.number - b.number);
    expect(
      markers.map(({ diagnosisId, number, view, x, y, region, bodyPart, painLevel, notes, resolved }) => ({
        diagnosisId,
        number,
        view,
        x,
        y,
        region,
        bodyPart,
        painLevel,
        notes,
        resolved,
      })),
    ).toEqual([
      {
        diagnosisId: record!.id,
        number: 1,
        view: 'front',
        ...shoulder,
        region: 'front.shoulder.right',
        bodyPart: `前面 (${shoulder.x.toFixed(1)}%, ${shoulder.y.toFixed(1)}%)`,
        painLevel: 7,
        notes: '腕を上げると痛む',
        resolved: false,
      },
      {
        diagnosisId: record!.id,
        number: 2,
        view: 'back',
        ...lowBack,
        region: 'back.low-back.left',
        bodyPart: `背面 (${lowBack.x.toFixed(1)}%, ${lowBack.y.toFixed(1)}%)`,
        painLevel: 5,
        notes: '',
        resolved: false,
      },
    ]);
    expect((await localDb.outbox.toArray()).map((m) => m.name)).toEqual([
      'diagnosis.create',
      'painMarker.create',
      'painMarker.create',
    ]);

    await waitFor(() => expect(listItems()).toHaveLength(1));
    expect(listItems()[0]!.textContent).toContain('山田 花子');
    expect(listItems()[0]!.textContent).toContain('痛み2か所');
    expect(listItems()[0]!.textContent).toContain('未同期');
  });

  it('takes a spot away again on キャンセル in its detail: nothing is added', async () => {
    await customers();
    await openNew();
    await pickCustomer('山田', '山田 花子');
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    tab('人体図');
    tapRegion('front.shoulder.right');
    expect(screen.getAllByRole('button', { name: /^痛み1（/ })).toHaveLength(1); // shown while its strength is chosen
    fireEvent.click(detailDialog().getByRole('button', { name: 'キャンセル' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /^痛み1（/ })).toBeNull());
    tab('痛みの一覧');
    expect(inDialog().getByText('痛みの記録がありません。人体図をタップして追加してください。')).toBeTruthy();
    fireEvent.click(saveButton());
    expect(await screen.findByText('新しい診断記録を保存しました', {}, SLOW)).toBeTruthy();
    expect(await localDb.painMarkers.count()).toBe(0);
    expect((await localDb.outbox.toArray()).map((m) => m.name)).toEqual(['diagnosis.create']);
  });

  it('says 入力エラー: 顧客を選択してください (the field: 顧客の選択は必須です) when sent without a customer', async () => {
    await customers();
    await openNew();
    // Enter in a field sends the form even though 登録 is disabled.
    fireEvent.submit(dialog().querySelector('form')!);
    expect(await inDialog().findByText('入力エラー')).toBeTruthy();
    expect(inDialog().getByText('顧客を選択してください')).toBeTruthy();
    expect(await inDialog().findByText('顧客の選択は必須です')).toBeTruthy();
    expect(await localDb.diagnoses.count()).toBe(0);
    expect(await localDb.outbox.count()).toBe(0);
  });

  it('refuses a customer deleted meanwhile: 選択された顧客は無効です', async () => {
    await customers();
    await openNew();
    await pickCustomer('佐藤', '佐藤 次郎');
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    await act(() =>
      seed({ customers: [serverCustomer({ id: JIRO, name: '佐藤 次郎', chartNumber: 2, deleted: true })] }),
    );
    fireEvent.click(saveButton());
    expect(await inDialog().findByText('入力エラー')).toBeTruthy();
    expect(inDialog().getAllByText('選択された顧客は無効です').length).toBeGreaterThan(0);
    expect(await localDb.diagnoses.count()).toBe(0);
  });

  it('asks before closing with a marked spot not saved, and keeps it on 編集を続ける', async () => {
    await customers();
    await openNew();
    tab('人体図');
    tapRegion('front.shoulder.right');
    fireEvent.click(detailDialog().getByRole('button', { name: '保存' }));
    await waitFor(() => expect(shownDetailDialog()).toBeNull());
    fireEvent.click(inDialog().getByRole('button', { name: 'キャンセル' }));
    expect((await screen.findAllByText('入力内容を破棄しますか？')).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: '編集を続ける' }));
    expect(screen.getByRole('button', { name: /^痛み1（/ })).toBeTruthy();
    expect(document.querySelector('.diagnosis-dialog')).not.toBeNull();
  });

  it('says 登録エラー with the reason when the record cannot be stored, and keeps everything entered', async () => {
    await customers();
    await openNew();
    await pickCustomer('山田', '山田 花子');
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.change(inDialog().getByLabelText('診断メモ'), { target: { value: '肩こり' } });
    vi.spyOn(localDb.outbox, 'add').mockRejectedValueOnce(new Error('broken'));
    fireEvent.click(saveButton());
    expect(await inDialog().findByText('登録エラー')).toBeTruthy();
    expect(
      inDialog().getByText('端末への保存に失敗しました。入力内容はそのまま残っています。もう一度お試しください。'),
    ).toBeTruthy();
    expect(inDialog().getByLabelText<HTMLTextAreaElement>('診断メモ').value).toBe('肩こり');
    expect(await localDb.diagnoses.count()).toBe(0);
  });

  it('says 顧客データエラー when the device cannot read its customers', async () => {
    vi.spyOn(localDb.customers, 'count').mockRejectedValue(new Error('closed'));
    await openNew();
    expect(await inDialog().findByText('顧客データエラー')).toBeTruthy();
    expect(inDialog().getByText('顧客データの取得に失敗しました')).toBeTruthy();
  });

  it('warns when the device holds no customer: 顧客データの読み込みに問題があります', async () => {
    await openNew();
    expect(await inDialog().findByText('顧客データの読み込みに問題があります')).toBeTruthy();
  });

  it("offers the previous record's spots that still hurt, and copies them with new ids", async () => {
    await customers();
    await seed({
      diagnoses: [serverDiagnosis({ id: id(10), customerId: HANAKO, date: '2026-11-01' })],
      painMarkers: [
        serverMarker({
          id: id(21),
          diagnosisId: id(10),
          number: 1,
          painLevel: 7,
          notes: '右肩',
          region: 'front.shoulder.right',
          x: 30,
          y: 20,
        }),
        serverMarker({ id: id(22), diagnosisId: id(10), number: 2, painLevel: 6, resolved: true }),
        serverMarker({
          id: id(23),
          diagnosisId: id(10),
          number: 3,
          painLevel: 4,
          view: 'back',
          region: 'back.low-back.left',
          x: 45,
          y: 55,
          bodyPart: '背面 (45.0%, 55.0%)',
        }),
      ],
    });
    await openNew();
    tab('人体図');
    expect(inDialog().queryByRole('button', { name: '前回の痛みを引き継ぐ' })).toBeNull(); // no customer yet
    tab('基本情報');
    await pickCustomer('山田', '山田 花子');
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    tab('人体図');
    expect(
      await inDialog().findByText('前回（2026-11-01）の痛み2か所を写します。治った部位は「消失」にしてください。'),
    ).toBeTruthy();
    fireEvent.click(inDialog().getByRole('button', { name: '前回の痛みを引き継ぐ' }));
    await waitFor(() => expect(inDialog().queryByRole('button', { name: '前回の痛みを引き継ぐ' })).toBeNull());
    fireEvent.click(saveButton());
    expect(await screen.findByText('新しい診断記録を保存しました', {}, SLOW)).toBeTruthy();

    const created = (await localDb.diagnoses.toArray()).find((d) => d.id !== id(10))!;
    const carried = (await localDb.painMarkers.where('diagnosisId').equals(created.id).toArray()).sort(
      (a, b) => a.number - b.number,
    );
    expect(carried.map((m) => [m.number, m.view, m.x, m.y, m.region, m.painLevel, m.notes, m.resolved])).toEqual([
      [1, 'front', 30, 20, 'front.shoulder.right', 7, '右肩', false],
      [3, 'back', 45, 55, 'back.low-back.left', 4, '', false],
    ]);
    expect(carried.map((m) => m.id).some((markerId) => [id(21), id(22), id(23)].includes(markerId))).toBe(false);
    expect(await localDb.painMarkers.where('diagnosisId').equals(id(10)).count()).toBe(3);
  });
});
