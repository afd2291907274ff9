import { DEFAULT_SETTINGS } from '@clinic/sync-protocol/settings';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deviceHeaders, deviceName } from '../api/device-identity';
import { fetchOnce } from '../api/http';
import { freshDb } from '../test-utils/sync-fixtures';
import { saveAppSettings } from './app-settings';
import { keepDeviceIdentity } from './device-identity';
import { getClientId } from './meta';

describe('the device identity', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the client id and the name given in 設定 with every request, and follows a change of name', async () => {
    const db = freshDb();
    await saveAppSettings({ ...DEFAULT_SETTINGS, deviceName: '施術室1' }, db);
    const stop = keepDeviceIdentity(db);
    const clientId = await getClientId(db);
    await vi.waitFor(() => expect(deviceName()).toBe('施術室1'));

    const sent: Headers[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) => {
        sent.push(new Headers(init.headers));
        return Promise.resolve(new Response('{}', { status: 200 }));
      }),
    );
    await fetchOnce('/health', {}, () => Promise.resolve(null));
    expect(sent[0]!.get('x-client-id')).toBe(clientId);
    expect(decodeURIComponent(sent[0]!.get('x-device-name')!)).toBe('施術室1');

    await saveAppSettings({ ...DEFAULT_SETTINGS, deviceName: '受付' }, db);
    await vi.waitFor(() => expect(deviceName()).toBe('受付'));
    stop();
    expect(deviceHeaders()).toEqual({});
  });
});
