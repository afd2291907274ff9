import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test-utils/fake-server';
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

  describe('a capture made on another device', () => {
    afterEach(() => vi.restoreAllMocks());

    it("shows the server's thumbnail, asked through the request path, and keeps it for offline", async () => {
      vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:thumb');
      vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
      const photo = serverMedia({ id: ID, customerId: CUSTOMER, kind: 'photo', mime: 'image/jpeg', uploaded: true });
      await putCapture(localDb, photo, null);
      const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xdb]);
      const calls = fakeServer(() => new Response(jpeg, { status: 200, headers: { 'Content-Type': 'image/jpeg' } }));

      const online = render(withAntd(<MediaThumb media={photo} />));
      const picture = () => screen.getByRole('img', { name: /^写真/ });
      await waitFor(() => expect(picture().tagName).toBe('IMG'));
      expect(picture().getAttribute('src')).toBe('blob:thumb');
      expect(calls.map((c) => [c.url, c.method, c.auth])).toEqual([
        [`/api/media/${ID}/thumbnail`, 'GET', 'Bearer access-1'],
      ]);
      online.unmount();

      // Offline, another day: the kept copy shows, nothing is asked.
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
      render(withAntd(<MediaThumb media={photo} />));
      await waitFor(() => expect(picture().tagName).toBe('IMG'));
      expect(calls).toHaveLength(1);
    });

    it('asks nothing before the capture has reached the server, and shows the placeholder', async () => {
      const video = serverMedia({ id: ID, customerId: CUSTOMER });
      await putCapture(localDb, video, null);
      const calls = fakeServer();
      render(withAntd(<MediaThumb media={video} />));
      expect((await screen.findByRole('img', { name: /^動画/ })).tagName).toBe('DIV');
      await act(() => localDb.serverThumbnails.count());
      expect(calls).toEqual([]);
    });
  });
});
