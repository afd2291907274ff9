import { fireEvent, render, screen, within } from '@testing-library/react';
import type { FaceAnalysisRecord } from '@clinic/sync-protocol';
import type { Face } from '@clinic/sync-protocol/face';
import { describe, expect, it } from 'vitest';
import { localDb } from '../../data/local-db';
import { useFreshDevice } from '../../test-utils/fresh-device';
import { withAntd } from '../../test-utils/render';
import { FaceSection } from './face-section';

const C = '0193a3f0-0000-4000-8000-000000000001';
const OTHER = '0193a3f0-0000-4000-8000-000000000002';
const id = (n: number) => `0193a3f0-0000-4000-8000-0000000000c${n}`;
const face = (happy: number): Face => ({
  emotions: [
    { type: 'HAPPY', confidence: happy },
    { type: 'SAD', confidence: 100 - happy },
  ],
  demographics: { age: { low: 30, high: 40 }, gender: { value: 'Female', confidence: 88 } },
  boundingBox: { left: 0.1, top: 0.1, width: 0.3, height: 0.3 },
  features: {},
  quality: null,
  confidence: 97,
});

function analysis(n: number, over: Partial<FaceAnalysisRecord>) {
  return {
    id: id(n),
    customerId: C,
    visitId: null,
    mediaId: null,
    source: 'photo' as const,
    analysedAt: '2026-11-20T01:00:00.000Z',
    processingTime: 700,
    faces: [face(80)],
    frames: null,
    engine: 'face-api-wasm@device',
    createdAt: '2026-11-20T01:00:00.000Z',
    updatedAt: '2026-11-20T01:00:00.000Z',
    updatedBy: 'staff1',
    version: 1,
    deleted: false,
    pending: 0 as const,
    ...over,
  };
}

describe("the chart's 表情分析", () => {
  useFreshDevice();

  it("lists the customer's analyses newest first, and opens one with its faces or its clip's timeline", async () => {
    await localDb.faceAnalyses.bulkPut([
      analysis(1, {}),
      analysis(2, {
        source: 'video',
        analysedAt: '2026-11-21T01:00:00.000Z',
        faces: [face(60)],
        frames: [
          { at: 0, faces: [face(60)] },
          { at: 1, faces: [face(20)] },
        ],
      }),
      analysis(3, { customerId: OTHER }),
    ]);
    render(withAntd(<FaceSection customerId={C} />));
    const region = await screen.findByRole('region', { name: '表情分析' });
    const items = await within(region).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('（動画）');
    expect(items[1]!.textContent).toContain('喜び 80%・悲しみ 20%');

    fireEvent.click(within(items[1]!).getByRole('button'));
    const photo = await screen.findByRole('dialog');
    expect(within(photo).getByText('30〜40歳')).toBeTruthy();
    expect(within(photo).getByText('処理時間 700ミリ秒')).toBeTruthy();
    fireEvent.click(within(photo).getAllByRole('button', { name: '閉じる' }).at(-1)!);

    fireEvent.click(within(items[0]!).getByRole('button'));
    const timeline = await screen.findByRole('img', { name: /^感情の推移：/ });
    expect(timeline.getAttribute('aria-label')).toBe('感情の推移：悲しみ 平均60%、喜び 平均40%');
    expect(timeline.querySelectorAll('polyline')).toHaveLength(2);
  });

  it('says when there are none', async () => {
    render(withAntd(<FaceSection customerId={C} />));
    await screen.findByText('表情分析はまだありません');
  });
});
