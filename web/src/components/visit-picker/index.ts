export { VisitPicker, type VisitChoice, type VisitPickerProps } from './visit-picker';
