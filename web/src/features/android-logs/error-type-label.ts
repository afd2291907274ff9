import { jaDeviceLogs, ownLabel } from '../../i18n/ja-admin-logs';

/** A device error's type as staff read it; a type this screen has no word for is shown as the device sent it. */
export const errorTypeLabel = (type: string): string => ownLabel(jaDeviceLogs.errorTypes, type) ?? type;
