export { NO_FORM_RESTORE, NoRestoreForm } from './no-form-restore';
