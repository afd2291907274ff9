export {
  FormDialog,
  FORM_DIALOG_FULL_ROW,
  FORM_DIALOG_CHOICES,
  FORM_DIALOG_FACTS,
  type FormDialogProps,
} from './form-dialog';
export { useUnsavedGuard } from './use-unsaved-guard';
export { hasUnsavedChanges } from './unsaved-changes';
export { useSingleSave } from './use-single-save';
