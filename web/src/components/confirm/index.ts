export { DANGER_BUTTON_CLASS, useConfirm, useConfirmDelete, type ConfirmOptions } from './use-confirm';
