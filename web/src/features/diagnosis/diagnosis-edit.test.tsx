import { regionById, regionCentre } from '@clinic/sync-protocol/body';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { localDb } from '../../data/local-db';
import { serverCustomer, serverDiagnosis, serverMarker } from '../../test-utils/sync-fixtures';
import {
  SLOW,
  detailDialog,
  inDialog,
  itemOf,
  listItems,
  renderPage,
  tab,
  tapRegion,
  shownDetailDialog,
  useFreshDevice,
} from './diagnosis-page-test-support';
import { id, seed } from './test-support';

const HANAKO = id(1);
const RECORD = id(10);
const at = (regionId: string) => {
  const [x, y] = regionCentre(regionById(regionId)!);
  return { x: Math.round(x * 10) / 10, y: Math.round(y * 10) / 10, region: regionId };
};

async function seedRecord(levels: { n: number; level: number; region: string }[]) {
  await seed({
    customers: [serverCustomer({ id: HANAKO, name: '山田 花子', age: 41, gender: 'female' })],
    diagnoses: [
      serverDiagnosis({
        id: RECORD,
        customerId: HANAKO,
        date: '2026-11-20',
        generalHealth: '良好',
        notes: '初回',
        createdAt: '2026-11-20T01:00:00.000Z',
      }),
    ],
    painMarkers: levels.map(({ n, level, region }) =>
      serverMarker({
        id: id(20 + n),
        diagnosisId: RECORD,
        number: n,
        painLevel: level,
        view: region.startsWith('back') ? 'back' : 'front',
        ...at(region),
      }),
    ),
  });
}

async function openRecord() {
  renderPage();
  fireEvent.click(await screen.findByRole('button', { name: '山田 花子の診断記録（2026-11-20）の詳細' }));
  expect(await screen.findByText('診断記録の詳細', { selector: '.ant-modal-title' })).toBeTruthy();
}

const facts = () =>
  Object.fromEntries(
    [...document.querySelectorAll('.diagnosis-fact')].map((f) => [
      f.querySelector('dt')?.textContent,
      f.querySelector('dd')?.textContent,
    ]),
  );
const sliderRight = (times: number) => {
  const handle = detailDialog().getByRole('slider', { name: '痛みの強さ' });
  for (let i = 0; i < times; i++) fireEvent.keyDown(handle, { key: 'ArrowRight', keyCode: 39, which: 39 });
};
const closeDetail = async (button: string) => {
  fireEvent.click(detailDialog().getByRole('button', { name: button }));
  await waitFor(() => expect(shownDetailDialog()).toBeNull());
};

// A dialog with four tabs and a figure takes seconds to drive in happy-dom on two cores.
describe('a stored diagnosis record', { timeout: 20_000 }, () => {
  useFreshDevice();

  it('opens read-only: no save, no marker changes, fields disabled; its summary in full', async () => {
    await seedRecord([
      { n: 1, level: 6, region: 'front.shoulder.right' },
      { n: 2, level: 8, region: 'front.knee.left' },
      { n: 3, level: 4, region: 'back.low-back.left' },
    ]);
    await openRecord();
    expect(inDialog().queryByRole('button', { name: '登録' })).toBeNull();
    expect(inDialog().queryByRole('button', { name: '更新' })).toBeNull();
    expect(inDialog().getByRole('button', { name: '編集' })).toBeTruthy();
    const notes = inDialog().getByLabelText<HTMLTextAreaElement>('診断メモ');
    expect(notes.value).toBe('初回');
    expect(notes.disabled).toBe(true);
    expect(inDialog().getByLabelText<HTMLTextAreaElement>('全体的な健康状態').value).toBe('良好');

    tab('人体図');
    expect(screen.getAllByRole('img', { name: /^痛み[12]（/ })).toHaveLength(2); // shown, not buttons
    expect(screen.queryByRole('button', { name: /^痛み\d（/ })).toBeNull();
    tapRegion('front.chest.left');
    expect(shownDetailDialog()).toBeNull();

    tab('痛みの一覧');
    expect(inDialog().getByText('前面（2か所）')).toBeTruthy();
    expect(inDialog().getByText('背面（1か所）')).toBeTruthy();
    expect(inDialog().getByText('膝（患者の左）')).toBeTruthy();
    expect(inDialog().getByText('痛み 8').className).toContain('diagnosis-level-red');
    expect(inDialog().queryByRole('button', { name: /を削除$/ })).toBeNull();

    tab('まとめ');
    // The patient's facts are read from the device as the dialog opens: they may follow a moment later.
    await waitFor(() =>
      expect(facts()).toEqual({
        総数: '3か所',
        平均: '6.0',
        最大: '8',
        まとめ: '強い痛みがあります',
        '高い痛み（7以上）': '膝（患者の左）',
        痛みの範囲: '3部位',
        記録日時: '2026-11-20 10:00',
        氏名: '山田 花子',
        年齢: '41歳',
        性別: '女性',
      }),
    );
    expect(await localDb.outbox.count()).toBe(0);
  });

  it('after 編集, 更新 sends only the changed fields and the marker create / update / delete, in one transaction', async () => {
    await seedRecord([
      { n: 1, level: 6, region: 'front.shoulder.right' },
      { n: 2, level: 8, region: 'front.knee.left' },
      { n: 3, level: 4, region: 'back.low-back.left' },
    ]);
    await openRecord();
    fireEvent.click(inDialog().getByRole('button', { name: '編集' }));
    expect(await screen.findByText('診断記録の編集', { selector: '.ant-modal-title' })).toBeTruthy();
    fireEvent.change(inDialog().getByLabelText('診断メモ'), { target: { value: '二回目' } });

    tab('痛みの一覧');
    fireEvent.click(inDialog().getByRole('button', { name: '痛み3を削除' }));
    tab('人体図');
    fireEvent.click(screen.getByRole('button', { name: /^痛み1（/ }));
    expect(detailDialog().getByText('6 / 10')).toBeTruthy();
    sliderRight(2);
    await closeDetail('保存');
    const knee = tapRegion('front.knee.right');
    expect(detailDialog().getByText('痛みの詳細（痛み3）')).toBeTruthy();
    await closeDetail('保存');

    const transaction = vi.spyOn(localDb, 'transaction');
    fireEvent.click(inDialog().getByRole('button', { name: '更新' }));
    expect(await screen.findByText('診断記録を更新しました', {}, SLOW)).toBeTruthy();
    // One writing transaction (the list's reads run in transactions of their own).
    expect(transaction.mock.calls.filter(([mode]) => mode === 'rw')).toHaveLength(1);
    const outbox = await localDb.outbox.toArray();
    expect(outbox.map((m) => m.name)).toEqual([
      'diagnosis.update',
      'painMarker.update',
      'painMarker.create',
      'painMarker.delete',
    ]);
    expect(outbox[0]!.args).toEqual({ id: RECORD, patch: { notes: '二回目' }, base: { notes: '初回' } });
    expect(outbox[1]!.args).toEqual({ id: id(21), patch: { painLevel: 8 }, base: { painLevel: 6 } });
    expect(outbox[2]!.args).toMatchObject({
      diagnosisId: RECORD,
      number: 3,
      view: 'front',
      ...knee,
      region: 'front.knee.right',
      painLevel: 5,
    });
    expect(outbox[3]!.args).toEqual({ id: id(23) });
    await waitFor(() => expect(within(itemOf('山田 花子')).getByText('二回目')).toBeTruthy());
  });

  it('marks a spot 消失: healed on the figure and in the list, not counted as pain in the summary', async () => {
    await seedRecord([
      { n: 1, level: 4, region: 'front.shoulder.right' },
      { n: 2, level: 8, region: 'front.knee.left' },
    ]);
    await openRecord();
    fireEvent.click(inDialog().getByRole('button', { name: '編集' }));
    tab('人体図');
    fireEvent.click(screen.getByRole('button', { name: /^痛み2（/ }));
    fireEvent.click(detailDialog().getByRole('switch', { name: '消失' }));
    await closeDetail('保存');
    expect(screen.getByRole('button', { name: '痛み2（膝（患者の左）・消失）' })).toBeTruthy();
    tab('痛みの一覧');
    expect(inDialog().getByText('消失', { selector: '.diagnosis-level' })).toBeTruthy();
    tab('まとめ');
    expect(facts()).toMatchObject({
      総数: '2か所（消失 1か所）',
      平均: '4.0',
      最大: '4',
      まとめ: '軽度の痛みがあります',
      '高い痛み（7以上）': 'なし', // the knee at 8 has healed
      痛みの範囲: '1部位',
    });

    fireEvent.click(inDialog().getByRole('button', { name: '更新' }));
    expect(await screen.findByText('診断記録を更新しました', {}, SLOW)).toBeTruthy();
    const outbox = await localDb.outbox.toArray();
    expect(outbox.map((m) => m.args)).toEqual([{ id: id(22), patch: { resolved: true }, base: { resolved: false } }]);
    await waitFor(() => expect(within(itemOf('山田 花子')).getByText('最大 4')).toBeTruthy());
  });

  it('deletes after asking, naming whose record and its date', async () => {
    await seedRecord([{ n: 1, level: 4, region: 'front.shoulder.right' }]);
    await openRecord();
    fireEvent.click(inDialog().getByRole('button', { name: '削除' }));
    expect((await screen.findAllByText('山田 花子の診断記録（2026-11-20）を削除しますか？')).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: '削除する' }));
    expect(await screen.findByText('診断記録を削除しました', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(listItems()).toHaveLength(0));
    expect((await localDb.outbox.toArray()).map((m) => [m.name, m.args])).toEqual([
      ['diagnosis.delete', { id: RECORD }],
    ]);
  });
});
