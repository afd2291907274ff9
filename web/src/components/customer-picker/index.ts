export { CustomerPicker, type CustomerPickerProps } from './customer-picker';
export { MAX_CUSTOMER_OPTIONS, customerOptionLabel } from './use-customer-options';
