import type { DeviceLogSession } from '@clinic/sync-protocol/admin';
import { describe, expect, it } from 'vitest';
import { deviceOfSession } from './device-of-session';

const session = (deviceInfo: Partial<DeviceLogSession['deviceInfo']>) =>
  ({ deviceInfo: { platform: 'Android 14', screenSize: '390x844', ...deviceInfo } }) as DeviceLogSession;

describe('the device of a log', () => {
  it('is named by the name given in 設定, then what it is', () => {
    expect(deviceOfSession(session({ name: '施術室1' }))).toBe('施術室1（Android 14・390x844）');
    expect(deviceOfSession(session({ name: '' }))).toBe('Android 14・390x844');
    expect(deviceOfSession(session({ platform: '', screenSize: '' }))).toBe('—・—');
  });
});
