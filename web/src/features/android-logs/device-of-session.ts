import type { DeviceLogSession } from '@clinic/sync-protocol/admin';

/** 施術室1（Android 14・390x844）: the name the device was given, then what it is; 不明 parts as —. */
export function deviceOfSession(log: DeviceLogSession): string {
  const what = `${log.deviceInfo.platform || '—'}・${log.deviceInfo.screenSize || '—'}`;
  const name = log.deviceInfo.name;
  return name ? `${name}（${what}）` : what;
}
