import { describe, expect, it } from 'vitest';
import type { VisitView } from '../../data/live';
import { localVisit } from '../../test-utils/sync-fixtures';
import { visitCsvFilename, visitCsvRows } from './visit-csv';

const view = (over: Partial<VisitView>): VisitView => ({
  ...localVisit({
    id: '0193a3f0-0000-4000-8000-0000000000a1',
    customerId: '0193a3f0-0000-4000-8000-000000000001',
    serviceMenu: '整体60分',
    price: 6000,
  }),
  customerName: '山田 花子',
  customerDeleted: false,
  customerChartNumber: 12,
  ...over,
});

describe('visit CSV', () => {
  it('has the Japanese headers and a line per visit in the list order: price as a number, no menu as an empty cell', () => {
    expect(
      visitCsvRows([
        view({}),
        view({
          customerName: '佐藤 次郎（削除済み）',
          customerChartNumber: null,
          serviceMenu: '',
          price: null,
          notes: '-5',
        }),
      ]),
    ).toEqual([
      // カルテ番号 tells two patients of one name apart (issue 38); empty until the server numbers one.
      ['日付', 'カルテ番号', '顧客', '施術メニュー', '料金', '担当者', 'メモ'],
      ['2026-11-20', 12, '山田 花子', '整体60分', 6000, 'staff1', ''],
      ['2026-11-20', null, '佐藤 次郎（削除済み）', '', null, 'staff1', '-5'],
    ]);
  });

  it('is named after the dates shown, and the customer when one is chosen', () => {
    expect(visitCsvFilename({ from: '2026-11-01', to: '2026-11-30' }, null)).toBe('来院記録_2026-11-01_2026-11-30.csv');
    expect(visitCsvFilename({ from: '2026-11-20', to: '2026-11-20' }, null)).toBe('来院記録_2026-11-20.csv');
    expect(visitCsvFilename({ from: null, to: null }, '山田 花子')).toBe('来院記録_全期間_山田 花子.csv');
    expect(visitCsvFilename({ from: '2026-11-01', to: '2026-11-30' }, 'A/B:C*')).toBe(
      '来院記録_2026-11-01_2026-11-30_A_B_C_.csv',
    );
  });
});
