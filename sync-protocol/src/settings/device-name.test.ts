import { describe, expect, it } from 'vitest';
import { DEVICE_NAME_MESSAGES, decodeDeviceName, deviceNameSchema } from './device-name';
import { encodeDeviceName } from './device-name-header';

describe('the device name', () => {
  it('takes a short one-line name, trimmed, and no name at all', () => {
    expect(deviceNameSchema.parse(' 施術室1 ')).toBe('施術室1');
    expect(deviceNameSchema.parse('')).toBe('');
  });

  it('refuses a long name or a control character, in Japanese', () => {
    const long = deviceNameSchema.safeParse('あ'.repeat(21));
    expect(long.success ? null : long.error.issues[0]?.message).toBe(DEVICE_NAME_MESSAGES.tooLong);
    const broken = deviceNameSchema.safeParse('施術室\n1');
    expect(broken.success ? null : broken.error.issues[0]?.message).toBe(DEVICE_NAME_MESSAGES.unusable);
  });

  it('travels in a header as percent-encoded UTF-8 and comes back the same', () => {
    expect(decodeDeviceName(encodeDeviceName('施術室1'))).toBe('施術室1');
    expect(decodeDeviceName(undefined)).toBeNull();
    expect(decodeDeviceName('%E0%A4%A')).toBeNull();
    expect(decodeDeviceName(encodeDeviceName('x'.repeat(21)))).toBeNull();
    expect(decodeDeviceName('%0A')).toBe('');
    expect(decodeDeviceName('')).toBe('');
    expect(decodeDeviceName('%E6%96%BD%0A1')).toBeNull();
  });
});
