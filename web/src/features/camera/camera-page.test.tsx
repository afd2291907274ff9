import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { pickCustomer } from '../../components/customer-picker/test-support';
import { customerCache } from '../../data';
import { localDb } from '../../data/local-db';
import { saveAppSettings } from '../../data/app-settings';
import { useFreshDevice } from '../../test-utils/fresh-device';
import { serverCustomer } from '../../test-utils/sync-fixtures';
import { MemoryRouter } from 'react-router-dom';
import { withAntd } from '../../test-utils/render';
import { requestUrl } from '../../test-utils/fixtures';
import { syncEngine } from '../../sync';
import { analyzeFaces } from '../../face';
import { DEFAULT_SETTINGS } from '@clinic/sync-protocol/settings';
import CameraPage from './camera-page';

// The face models and the canvas are the browser's: stood in for, so what is asked of them can be seen.
vi.mock('../../face', () => ({
  analyzeFaces: vi.fn(() => Promise.resolve({ faces: [], processingTime: 5, width: 8, height: 8 })),
  warmFaceEngine: vi.fn(() => Promise.resolve(null)),
  FaceEngineError: class extends Error {},
}));
vi.mock('./frame-capture', async (original) => ({
  ...(await original<typeof import('./frame-capture')>()),
  grabFrame: vi.fn(() =>
    Promise.resolve({
      jpeg: new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }),
      thumbnail: new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }),
      width: 1280,
      height: 720,
      quality: { score: 90, parts: [] },
    }),
  ),
}));

const C = '0193a3f0-0000-4000-8000-000000000001';
const CAMERA_URL = 'http://camera.local/';
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

// A camera screen mounts antd's pickers and the device's database: slow on a busy 2-core machine.
describe('動画撮影', { timeout: 20_000 }, () => {
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
    render(
      withAntd(
        <MemoryRouter>
          <CameraPage />
        </MemoryRouter>,
      ),
    );
    await screen.findByText('カメラ接続中', undefined, SLOW);
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
    render(
      withAntd(
        <MemoryRouter>
          <CameraPage />
        </MemoryRouter>,
      ),
    );
    await screen.findByText(
      'カメラの初期化に失敗しました。カメラへのアクセス許可を確認してください。',
      undefined,
      SLOW,
    );
    expect(screen.getByText('カメラ未接続')).toBeTruthy();
  });

  it('says a photo taken online is being sent and one taken offline will be sent later, and analyses neither unasked', async () => {
    stubCamera(() => Promise.resolve(fakeStream));
    await seedCustomer();
    syncEngine.status.set({ online: true });
    render(
      withAntd(
        <MemoryRouter>
          <CameraPage />
        </MemoryRouter>,
      ),
    );
    await screen.findByText('カメラ接続中', undefined, SLOW);
    await pickCustomer(document.body, 'やまだ', '山田 花子');
    await waitFor(() => expect(button('写真撮影').hasAttribute('disabled')).toBe(false));

    fireEvent.click(button('写真撮影'));
    await screen.findByText('写真を保存しました。サーバーへ送信します', undefined, SLOW);
    expect(screen.queryByText(/オンラインになると/)).toBeNull();

    act(() => syncEngine.status.set({ online: false }));
    await waitFor(() => expect(button('写真撮影').hasAttribute('disabled')).toBe(false));
    // The tablet is offline, its camera is not: the chip says the camera's state, never オンライン.
    expect(document.querySelector('.camera-status')?.textContent).toBe('カメラ接続中');
    expect(screen.queryByText('オンライン')).toBeNull();
    fireEvent.click(button('写真撮影'));
    await screen.findByText('写真を端末に保存しました。オンラインになると自動で送信されます', undefined, SLOW);

    expect(await localDb.media.count()).toBe(2);
    // A treatment photo is a shoulder as often as a face: analysed only when asked, never warned about.
    expect(analyzeFaces).not.toHaveBeenCalled();
    expect(await localDb.faceAnalyses.count()).toBe(0);
    expect(screen.queryByText(/顔が検出されませんでした/)).toBeNull();
    syncEngine.status.set({ online: true });
  });

  it('runs the single-board camera in demo mode without an address: no black preview, no 写真撮影', async () => {
    const camera = stubCamera(() => Promise.resolve(fakeStream));
    await saveAppSettings({ ...DEFAULT_SETTINGS, cameraDevice: 'raspberry-pi' });
    await seedCustomer();
    render(
      withAntd(
        <MemoryRouter>
          <CameraPage />
        </MemoryRouter>,
      ),
    );
    await screen.findByText('カメラ未接続', undefined, SLOW);
    expect(camera).not.toHaveBeenCalled();
    expect(
      screen.getByText('外部カメラのアドレスが設定されていません（デモモード）。設定画面で設定できます'),
    ).toBeTruthy();
    await pickCustomer(document.body, 'やまだ', '山田 花子');
    await waitFor(() => expect(button('録画開始').hasAttribute('disabled')).toBe(true));
    expect(button('写真撮影').hasAttribute('disabled')).toBe(true);
  });

  it('shows the external camera offline while this device is, asks it again when the connection returns, and allows 写真撮影 only when it answers', async () => {
    stubCamera(() => Promise.resolve(fakeStream));
    const probes: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL) => {
        const url = requestUrl(input);
        if (url !== CAMERA_URL) return Promise.reject(new TypeError('Failed to fetch'));
        probes.push(url);
        return Promise.resolve(new Response(''));
      }),
    );
    await saveAppSettings({ ...DEFAULT_SETTINGS, cameraDevice: 'raspberry-pi', cameraUrl: CAMERA_URL });
    await seedCustomer();
    syncEngine.status.set({ online: false });
    render(
      withAntd(
        <MemoryRouter>
          <CameraPage />
        </MemoryRouter>,
      ),
    );
    await screen.findByText('この端末がオフラインのため、外部カメラに接続できません', undefined, SLOW);
    expect(screen.getByText('カメラ未接続')).toBeTruthy();
    await pickCustomer(document.body, 'やまだ', '山田 花子');
    expect(button('写真撮影').hasAttribute('disabled')).toBe(true);
    expect(probes).toEqual([]);

    act(() => syncEngine.status.set({ online: true }));
    await screen.findByText('カメラ接続中', undefined, SLOW);
    expect(probes).toEqual([CAMERA_URL]);
    expect(screen.getByText('外部カメラの映像はこの画面には表示されません')).toBeTruthy();
    await waitFor(() => expect(button('写真撮影').hasAttribute('disabled')).toBe(false));
    fireEvent.click(button('写真撮影'));
    await screen.findByText('外部カメラでの写真撮影に失敗しました：API未実装（デモモード）', undefined, SLOW);

    // The Wi-Fi goes: the old カメラ接続中 does not stay.
    act(() => syncEngine.status.set({ online: false }));
    await screen.findByText('カメラ未接続', undefined, SLOW);
    expect(button('写真撮影').hasAttribute('disabled')).toBe(true);
  });
});
