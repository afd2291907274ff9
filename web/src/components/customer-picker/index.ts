export { CustomerPicker, type CustomerPickerProps } from './customer-picker';
export { CustomerPickerOnDemand } from './on-demand';
export { MAX_CUSTOMER_OPTIONS, customerOptionLabel } from './use-customer-options';
export { CustomerField } from './customer-field';
