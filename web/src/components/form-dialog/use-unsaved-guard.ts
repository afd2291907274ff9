import { Modal, type FormInstance } from 'antd';
import { useCallback, useRef } from 'react';
import { ja } from '../../i18n/ja';
import { DANGER_BUTTON_CLASS } from '../confirm';
import { hasUnsavedChanges } from './unsaved-changes';

const t = ja.formDialog;

/**
 * Closing a form asks first when it holds something unsaved (入力内容を破棄しますか？) and closes at once
 * when it does not. Dirty is judged only when someone tries to close, from the form's store, so typing
 * re-renders nothing. Render `contextHolder` inside the dialog so the question uses the app's theme.
 */
export function useUnsavedGuard<V extends object>(form: FormInstance<V>, initialValues: V) {
  const [modal, contextHolder] = Modal.useModal();
  const asking = useRef(false);

  const isDirty = useCallback(
    () => hasUnsavedChanges(form.getFieldsValue(true) as object, initialValues),
    [form, initialValues],
  );

  /** Calls `close` now, or after 破棄する; 編集を続ける (or Esc) leaves the form exactly as it was. */
  const requestClose = useCallback(
    (close: () => void) => {
      if (asking.current) return; // a second Esc or tap while the question is showing
      if (!isDirty()) {
        close();
        return;
      }
      asking.current = true;
      void modal.confirm({
        title: t.discardTitle,
        content: t.discardText,
        okText: t.discard,
        cancelText: t.keepEditing,
        okButtonProps: { danger: true, size: 'large', className: DANGER_BUTTON_CLASS },
        cancelButtonProps: { size: 'large' },
        // Enter or a hurried tap keeps the input: discarding must be chosen.
        focusable: { autoFocusButton: 'cancel' },
        onOk: () => {
          asking.current = false;
          close();
        },
        onCancel: () => {
          asking.current = false;
        },
      });
    },
    [isDirty, modal],
  );

  return { isDirty, requestClose, contextHolder };
}
