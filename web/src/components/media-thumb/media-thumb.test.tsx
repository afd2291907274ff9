import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { localDb } from '../../data/local-db';
import { useFreshDevice } from '../../test-utils/fresh-device';
import { putCapture, serverMedia, waitingFile } from '../../media/media-test-support';
import { uploadProgress } from '../../media/upload-progress';
import { withAntd } from '../../test-utils/render';
import { MediaThumb } from './media-thumb';

const CUSTOMER = '11111111-1111-4111-8111-111111111111';
const ID = '00000000-0000-4000-8000-000000000001';

describe('MediaThumb', () => {
  useFreshDevice();

  it('shows a capture waiting, then its bytes moving, then sent', async () => {
    const media = serverMedia({ id: ID, customerId: CUSTOMER, size: 4 * 1024 * 1024, duration: 3.2 });
    await putCapture(localDb, media, waitingFile(ID));
    const view = render(withAntd(<MediaThumb media={media} />));
    await screen.findByText('未送信');
    expect(screen.getByText('動画')).toBeTruthy();
    expect(screen.getByText('0:03')).toBeTruthy();
    act(() => uploadProgress.set(ID, 1024 * 1024, 4 * 1024 * 1024));
    expect(screen.getByText('送信中 25%')).toBeTruthy();
    expect(screen.getByText('1.0 MB / 4.0 MB')).toBeTruthy();
    act(() => uploadProgress.clear(ID));
    view.rerender(withAntd(<MediaThumb media={{ ...media, uploaded: true }} />));
    expect(screen.getByText('送信済み')).toBeTruthy();
  });

  it('says why the server refused a capture', async () => {
    const media = serverMedia({ id: ID, customerId: CUSTOMER });
    await putCapture(
      localDb,
      media,
      waitingFile(ID, { failed: 1, lastError: 'JPEG・PNG の写真か WebM・MP4 の動画だけを保存できます' }),
    );
    render(withAntd(<MediaThumb media={media} />));
    await screen.findByText('送信できませんでした');
    expect(
      screen.getByText('動画のアップロードに失敗しました：JPEG・PNG の写真か WebM・MP4 の動画だけを保存できます'),
    ).toBeTruthy();
  });
});
