import { z } from 'zod';
import { hasUnusableChar } from '../rules/text';
import { DEVICE_NAME_MAX } from './device-name-header';

/**
 * The device's own name (施術室1, 受付): set once in 設定 on the tablet, kept in its local settings,
 * and sent with its requests and logs, so the access and device logs name the device, not its address.
 */
export const DEVICE_NAME_MESSAGES = {
  tooLong: `端末の名前は${DEVICE_NAME_MAX}文字以内で入力してください`,
  unusable: '端末の名前に使えない文字が含まれています。文字と数字で入力してください',
} as const;

// Line breaks, tabs and other control characters: a name is one line on a screen and in a CSV cell.
// eslint-disable-next-line no-control-regex -- control characters are what this pattern finds
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** A name as typed: trimmed, '' for no name, at most DEVICE_NAME_MAX characters of one line. */
export const deviceNameSchema = z
  .string()
  .trim()
  // Bounded before any pattern runs (one request must never make the server scan a long text).
  .max(DEVICE_NAME_MAX, { error: DEVICE_NAME_MESSAGES.tooLong, abort: true })
  .refine((name) => !CONTROL.test(name) && !hasUnusableChar(name), DEVICE_NAME_MESSAGES.unusable);
export type DeviceName = z.infer<typeof deviceNameSchema>;

/** The name in a header's value ('' for a device with no name), or null when there is none or it is not valid. */
export function decodeDeviceName(value: string | undefined | null): string | null {
  if (value === undefined || value === null || value.length > DEVICE_NAME_MAX * 12) return null; // 12: %XX×4, one character's longest
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return null;
  }
  const parsed = deviceNameSchema.safeParse(decoded);
  return parsed.success ? parsed.data : null;
}
