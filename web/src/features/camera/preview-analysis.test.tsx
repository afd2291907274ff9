import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { LocalFaceAnalysis } from '../../data/clinic-db';
import { serverMedia } from '../../media/media-test-support';
import { localFaceAnalysis } from '../../test-utils/face-fixtures';
import { withAntd } from '../../test-utils/render';
import { PreviewAnalysis } from './preview-analysis';

const C = '0193a3f0-0000-4000-8000-000000000001';
const photo = serverMedia({ id: '0193a3f0-0000-4000-8000-000000000002', customerId: C, kind: 'photo' });
const none = localFaceAnalysis({
  id: '0193a3f0-0000-4000-8000-000000000003',
  customerId: C,
  mediaId: photo.id,
  processingTime: 640,
}) satisfies LocalFaceAnalysis;

const props = { progress: null, onAnalyzeVideo: vi.fn(), onCancel: vi.fn(), photoAnalysing: false };

describe("a photo's preview", () => {
  it('analyses the photo only when asked, and says plainly when it shows no face', () => {
    const onAnalyzePhoto = vi.fn();
    const view = render(
      withAntd(<PreviewAnalysis {...props} media={photo} analysis={null} onAnalyzePhoto={onAnalyzePhoto} />),
    );
    fireEvent.click(screen.getByRole('button', { name: '表情を分析' }));
    expect(onAnalyzePhoto).toHaveBeenCalledTimes(1);

    view.rerender(
      withAntd(<PreviewAnalysis {...props} media={photo} analysis={none} onAnalyzePhoto={onAnalyzePhoto} />),
    );
    expect(screen.queryByRole('button', { name: '表情を分析' })).toBeNull();
    // A result, not a warning: no alert.
    expect(screen.getByText('顔が検出されませんでした')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the stored result's raw figures and timing with デバッグモード on", () => {
    const onAnalyzePhoto = vi.fn();
    const view = render(
      withAntd(<PreviewAnalysis {...props} media={photo} analysis={none} onAnalyzePhoto={onAnalyzePhoto} />),
    );
    expect(screen.queryByRole('region', { name: 'デバッグ情報' })).toBeNull();
    view.rerender(
      withAntd(<PreviewAnalysis {...props} media={photo} analysis={none} onAnalyzePhoto={onAnalyzePhoto} debug />),
    );
    const debug = screen.getByRole('region', { name: 'デバッグ情報' });
    expect(within(debug).getByText('640ms')).toBeTruthy();
    expect(within(debug).getByText('face-api-wasm@device')).toBeTruthy();
    expect(within(debug).getByLabelText('モデルの出力（生の値）').textContent).toBe('[]');
  });
});
