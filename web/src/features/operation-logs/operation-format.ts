import type { OperationDevice } from '@clinic/sync-protocol/admin';
import { jaOperationLogs, ownLabel } from '../../i18n/ja-admin-logs';

const t = jaOperationLogs;

/** An operation's name as staff read it; one this screen does not know (an old row, `__proto__`) reads 不明な操作. */
export const operationLabel = (operation: string) => ownLabel(t.operations, operation) ?? t.unknownOperation;

/** For the detail dialog: an unknown operation with the name it was sent under, as text. */
export const operationLabelWithName = (operation: string) =>
  ownLabel(t.operations, operation) ?? `${t.unknownOperation}（${operation}）`;

/**
 * タブレット・Android 14・Chrome 131, after the name the device was given in 設定 when it has one
 * (施術室1（タブレット・…）); what the device did not say reads 不明.
 */
export function deviceLabel(
  device: Pick<OperationDevice, 'type' | 'os' | 'browser'> & { name?: string | undefined },
): string {
  const type = ownLabel(t.analysis.deviceTypes, device.type) ?? (device.type || t.unknown);
  const what = [type, device.os || t.unknown, device.browser || t.unknown].join('・');
  return device.name ? `${device.name}（${what}）` : what;
}
