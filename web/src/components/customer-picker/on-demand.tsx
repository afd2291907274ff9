import { ja } from '../../i18n/ja';
import { LightInput } from '../light-input';
import { onDemand } from '../on-demand';
import type { CustomerPickerProps } from './customer-picker';

const t = ja.pickers.customer;

/**
 * The customer picker for a screen's first view (the visit list's filter): antd's select loads once the
 * rows are shown, and until then an empty box of the same size and name stands there. A tap on it
 * loads the picker at once.
 */
export const CustomerPickerOnDemand = onDemand<CustomerPickerProps>(
  () => import('./customer-picker').then((m) => m.CustomerPicker),
  ({ id, disabled }) => (
    <LightInput
      id={id}
      readOnly
      disabled={disabled}
      className="customer-picker"
      placeholder={t.placeholder}
      aria-label={t.label}
      onFocus={() => void CustomerPickerOnDemand.preload().catch(() => undefined)}
    />
  ),
);
