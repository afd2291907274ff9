import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { pickCustomer } from '../../components/customer-picker/test-support';
import { customerCache } from '../../data';
import { localDb } from '../../data/local-db';
import { saveAppSettings } from '../../data/app-settings';
import { useFreshDevice } from '../../test-utils/fresh-device';
import { serverCustomer } from '../../test-utils/sync-fixtures';
import { withAntd } from '../../test-utils/render';
import { DEFAULT_SETTINGS } from '@clinic/sync-protocol/settings';
import CameraPage from './camera-page';

const C = '0193a3f0-0000-4000-8000-000000000001';
const SLOW = { timeout: 4_000 };

const fakeStream = { getTracks: () => [{ stop: vi.fn() }], getVideoTracks: () => [] } as unknown as MediaStream;

/** Gives the page a camera answering `getUserMedia`; returns the mock to assert how it was asked. */
function stubCamera(getUserMedia: () => Promise<MediaStream>) {
  const camera = vi.fn(getUserMedia);
  vi.stubGlobal(
    'navigator',
    Object.assign(Object.create(navigator), {
      mediaDevices: { getUserMedia: camera },
      storage: { estimate: () => Promise.resolve({ usage: 0, quota: 10 ** 10 }) },
    }),
  );
  return camera;
}

async function seedCustomer() {
  await localDb.customers.put({
    ...serverCustomer({ id: C, name: '山田 花子', nameKana: 'ヤマダ ハナコ' }),
    pending: 0,
  });
  await customerCache.settled();
}

const button = (name: string) => screen.getByRole('button', { name: new RegExp(name) });

describe('動画撮影', () => {
  useFreshDevice();
  beforeEach(() => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    // happy-dom takes only its own MediaStream; the stub camera's stream is a plain object.
    const srcObject = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, 'srcObject');
    Object.defineProperty(HTMLMediaElement.prototype, 'srcObject', {
      configurable: true,
      get: () => null,
      set: () => undefined,
    });
    return () => {
      if (srcObject) Object.defineProperty(HTMLMediaElement.prototype, 'srcObject', srcObject);
    };
  });

  it("starts this device's camera by itself, and records only for a chosen customer", async () => {
    const camera = stubCamera(() => Promise.resolve(fakeStream));
    await seedCustomer();
    render(withAntd(<CameraPage />));
    await screen.findByText('オンライン', undefined, SLOW);
    expect(camera).toHaveBeenCalledWith(
      expect.objectContaining({
        audio: false,
        video: expect.objectContaining({
          facingMode: 'user',
          width: { ideal: 1280 },
          height: { ideal: 720 },
          frameRate: { ideal: 30 },
        }),
      }),
    );
    expect(screen.getByText('動画撮影には顧客の選択が必要です。上で顧客を選択してください。')).toBeTruthy();
    expect(button('録画開始').hasAttribute('disabled')).toBe(true);
    expect(button('写真撮影').hasAttribute('disabled')).toBe(true);
    expect(document.getElementById('camera-visit')?.closest('.ant-select-disabled')).toBeTruthy();
    await pickCustomer(document.body, 'やまだ', '山田 花子');
    await waitFor(() => expect(button('録画開始').hasAttribute('disabled')).toBe(false));
    expect(screen.queryByText('動画撮影には顧客の選択が必要です。上で顧客を選択してください。')).toBeNull();
  });

  it('says so when the camera cannot start', async () => {
    stubCamera(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    render(withAntd(<CameraPage />));
    await screen.findByText(
      'カメラの初期化に失敗しました。カメラへのアクセス許可を確認してください。',
      undefined,
      SLOW,
    );
    expect(screen.getByText('オフライン')).toBeTruthy();
  });

  it('runs the single-board camera in demo mode without an address', async () => {
    const camera = stubCamera(() => Promise.resolve(fakeStream));
    await saveAppSettings({ ...DEFAULT_SETTINGS, cameraDevice: 'raspberry-pi' });
    await seedCustomer();
    render(withAntd(<CameraPage />));
    await screen.findByText('オフライン', undefined, SLOW);
    expect(camera).not.toHaveBeenCalled();
    await pickCustomer(document.body, 'やまだ', '山田 花子');
    await waitFor(() => expect(button('写真撮影').hasAttribute('disabled')).toBe(false));
    fireEvent.click(button('写真撮影'));
    await screen.findByText('API未実装（デモモード）', undefined, SLOW);
  });
});
