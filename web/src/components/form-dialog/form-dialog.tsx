import { Alert, Button, Form, Modal, type FormInstance } from 'antd';
import { useCallback, useEffect, useMemo, useRef, type CSSProperties, type ReactNode } from 'react';
import type { DraftTarget } from '../../drafts/open-forms';
import { useDraft } from '../../drafts/use-draft';
import { ja } from '../../i18n/ja';
import { useKeepFocusedInView } from './use-keep-focused-in-view';
import { useUnsavedGuard } from './use-unsaved-guard';
import './form-dialog.css';

const t = ja.formDialog;

/** Give a Form.Item this class to span both columns (a long text, a note). */
export const FORM_DIALOG_FULL_ROW = 'form-dialog-full-row';
/** For the buttons of a question asked over a form (modal.confirm's footer): they wrap, each finger-sized. */
export const FORM_DIALOG_CHOICES = 'form-dialog-choices';
/** For a <dl> of facts in such a question (the record it is about): label and value side by side. */
export const FORM_DIALOG_FACTS = 'form-dialog-facts';

const FIRST_FIELD =
  'input:not([type=hidden]):not([disabled]):not([readonly]), textarea:not([disabled]):not([readonly]), select:not([disabled])';

export type FormDialogProps<V extends object> = {
  title: ReactNode;
  /** From `Form.useForm()`; the caller reads the values from it when 保存 is pressed. */
  form: FormInstance<V>;
  /** What the form opens with; closing asks before discarding whenever the values differ from these. */
  initialValues: V;
  /** 保存 was pressed: check and store. The dialog stays open until the caller closes it. */
  onSave: () => void;
  /** The person closed the dialog and nothing typed is lost (it was unchanged, or they chose 破棄する). */
  onClose: () => void;
  /** A save is being stored: 保存 shows it is busy and closing waits. */
  saving?: boolean;
  /** Why the last save failed, shown above the fields; what was typed stays. */
  error?: string | null;
  saveText?: string;
  /** Form.Items; they flow in two columns when the dialog is wide enough, one on a phone. */
  children: ReactNode;
  /**
   * Which form and record this is, for a form of patient data: what is typed is kept (sealed) for its
   * owner when the session passes to someone else, and given back when they sign in again (drafts/).
   */
  draft?: DraftTarget;
};

/**
 * The dialog every add/edit screen uses. The header and the 保存 / キャンセル footer stay put while the
 * fields scroll between them, so 保存 is in sight on a tablet and above a phone's keyboard. The first
 * field has focus when it opens. キャンセル, Esc, × and a tap outside all ask before discarding typed
 * input (useUnsavedGuard); with nothing typed they close at once.
 */
export function FormDialog<V extends object>({
  title,
  form,
  initialValues,
  onSave,
  onClose,
  saving = false,
  error,
  saveText = t.save,
  children,
  draft,
}: FormDialogProps<V>) {
  const body = useRef<HTMLDivElement>(null);
  const { requestClose, isDirty, contextHolder } = useUnsavedGuard(form, initialValues);
  const { restored } = useDraft(draft ?? null, () => (isDirty() ? form.getFieldsValue(true) : undefined));
  // Given back after signing in again: the form opens as it was left, still unsaved (closing asks).
  const startValues = useMemo(
    () => (restored ? { ...initialValues, ...(restored as Partial<V>) } : initialValues),
    [initialValues, restored],
  );
  const { visible, onFocus } = useKeepFocusedInView(body);

  const close = useCallback(() => {
    if (!saving) requestClose(onClose);
  }, [onClose, requestClose, saving]);

  // Not on ×: a person opening a form wants to type. Skipped when they already tapped into a field.
  const focusFirstField = useCallback(() => {
    const element = body.current;
    if (!element || element.contains(document.activeElement)) return;
    element.querySelector<HTMLElement>(FIRST_FIELD)?.focus({ preventScroll: true });
  }, []);
  // The fields mount a render after the dialog (its portal waits for a container), and the dialog's focus
  // trap may first put the focus on ×: move it once they are in the page.
  const bodyRef = useCallback(
    (node: HTMLDivElement | null) => {
      body.current = node;
      if (node) setTimeout(focusFirstField, 0);
    },
    [focusFirstField],
  );

  // A failed save is reported above the fields, which may be scrolled away.
  const errorBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (error) errorBox.current?.scrollIntoView?.({ block: 'nearest' });
  }, [error]);

  const container: CSSProperties = {
    display: 'flex',
    flexDirection: 'column',
    maxHeight: visible ? `calc(${visible.height}px - var(--form-dialog-margin))` : undefined,
  };
  // With a keyboard up, the dialog sits at the top of what can be seen, not mid-page behind the keyboard.
  const placement: CSSProperties | undefined =
    visible?.top == null
      ? undefined
      : { top: `calc(${visible.top}px + var(--form-dialog-margin) / 2)`, verticalAlign: 'top' };

  return (
    <Modal
      open
      centered
      width={{ xs: '100vw', sm: 880 }}
      title={title}
      className="form-dialog"
      style={placement}
      classNames={{
        container: 'form-dialog-container',
        header: 'form-dialog-header',
        body: 'form-dialog-body',
        footer: 'form-dialog-footer',
        close: 'form-dialog-close',
      }}
      // Only the body scrolls; header and footer keep their place (inline: the layout depends on it).
      styles={{
        container,
        header: { flex: 'none' },
        body: { flex: '1 1 auto', minHeight: 0, overflowY: 'auto' },
        footer: { flex: 'none' },
      }}
      closable={{ 'aria-label': t.close }}
      mask={{ closable: true }}
      onCancel={close}
      afterOpenChange={(open) => open && focusFirstField()}
      footer={
        <>
          <Button size="large" onClick={close} disabled={saving}>
            {t.cancel}
          </Button>
          <Button size="large" type="primary" loading={saving} onClick={onSave}>
            {saveText}
          </Button>
        </>
      }
    >
      <div ref={bodyRef} className="form-dialog-fields" onFocus={onFocus}>
        {error && (
          <div ref={errorBox} className="form-dialog-error">
            <Alert type="error" showIcon title={error} />
          </div>
        )}
        <Form
          form={form}
          layout="vertical"
          size="large"
          initialValues={startValues}
          requiredMark
          className="form-dialog-form"
          // Every control inside, antd's or not, stays out of the browser's session files (no-form-restore).
          autoComplete="off"
        >
          {children}
        </Form>
      </div>
      {contextHolder}
    </Modal>
  );
}
