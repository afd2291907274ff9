import { DIAGNOSIS_MESSAGES } from '@clinic/sync-protocol';
import { Form } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useConfirmDelete } from '../../components/confirm';
import { useDraft } from '../../drafts/use-draft';
import { useUnsavedGuard } from '../../components/form-dialog';
import { ja } from '../../i18n/ja';
import { jaDiagnosis } from '../../i18n/ja-diagnosis';
import { useCurrentPatient } from '../../components/current-patient/use-current-patient';
import {
  formErrors,
  formValuesOf,
  type DiagnosisFormValues,
  type NewDiagnosisPrefill,
  type StoredDiagnosis,
} from './diagnosis-form-values';
import type { DraftMarker } from './draft-markers';
import { useDeleteDiagnosis } from './use-delete-diagnosis';
import { useSaveDiagnosis } from './use-save-diagnosis';

const e = jaDiagnosis.errors;

/** Spec 4: a new record opens in create; a stored one in view (read-only) until 編集. */
export type DialogMode = 'create' | 'edit' | 'view';
export type DialogTab = 'basic' | 'map' | 'list' | 'summary';
/** What the dialog did, for the list's toast; null: closed without storing anything. */
export type DialogResult = 'created' | 'updated' | 'unchanged' | 'deleted' | null;
/** A problem shown over the tabs: the spec's title (入力エラー, 登録エラー …) and its message. */
export type DialogError = { title: string; message: string };

const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : ja.api.messages.unexpected;

/** The dialog's state and what its buttons do; the components only render it. */
export function useDiagnosisDialog(
  stored: StoredDiagnosis | null,
  customerName: string,
  onClose: (result: DialogResult) => void,
  prefill?: NewDiagnosisPrefill,
) {
  const [form] = Form.useForm<DiagnosisFormValues>();
  const [initialValues] = useState(() => formValuesOf(stored, undefined, prefill));
  const { requestClose, isDirty, contextHolder } = useUnsavedGuard(form, initialValues);
  // Kept for its owner when the session passes to someone else, and given back as it was (drafts/).
  const modeNow = useRef<DialogMode>('view');
  const { restored } = useDraft({ form: 'diagnosis', recordId: stored?.diagnosis.id ?? null }, () =>
    modeNow.current !== 'view' && isDirty() ? form.getFieldsValue(true) : undefined,
  );
  const [startValues] = useState(() =>
    restored ? { ...initialValues, ...(restored as Partial<DiagnosisFormValues>) } : initialValues,
  );
  const [mode, setMode] = useState<DialogMode>(stored ? (restored ? 'edit' : 'view') : 'create');
  useEffect(() => {
    modeNow.current = mode;
  }, [mode]);
  // Opened for a patient already chosen (from the chart): straight to the body figure.
  const [tab, setTab] = useState<DialogTab>(!stored && initialValues.customerId && prefill?.onFigure ? 'map' : 'basic');
  const { choose: choosePatient } = useCurrentPatient();
  const [error, setError] = useState<DialogError | null>(null);
  const { save, saving } = useSaveDiagnosis();
  const remove = useDeleteDiagnosis();
  const confirmDelete = useConfirmDelete();
  const markers: DraftMarker[] = Form.useWatch('markers', { form, preserve: true }) ?? startValues.markers;
  const customerId: string | null = Form.useWatch('customerId', { form, preserve: true }) ?? startValues.customerId;

  const inputError = useCallback(
    (field: 'customerId' | null, message: string, fieldMessage: string = message) => {
      if (field) form.setFields([{ name: field, errors: [fieldMessage] }]);
      setTab('basic');
      setError({ title: e.input, message });
    },
    [form],
  );

  const submit = useCallback(async () => {
    if (mode === 'view') return;
    const values = form.getFieldsValue(true) as DiagnosisFormValues;
    if (!values.customerId) return inputError('customerId', e.customerRequired, DIAGNOSIS_MESSAGES.customerRequired);
    const problems = formErrors(values);
    if (problems.length > 0) {
      form.setFields(problems);
      return inputError(null, problems[0]!.errors[0]!);
    }
    setError(null);
    try {
      const outcome = await save(stored, values);
      if (!outcome) return;
      if (outcome.kind === 'invalidCustomer') return inputError('customerId', e.customerInvalid);
      if (outcome.kind === 'customersFailed') return setError({ title: e.customersTitle, message: e.customersFailed });
      // The patient a record was made for is the session's patient on the other screens too.
      if (outcome.kind === 'created') choosePatient(values.customerId);
      onClose(outcome.kind);
    } catch (failure) {
      setError({ title: stored ? e.titles.update : e.titles.create, message: messageOf(failure) });
    }
  }, [choosePatient, form, inputError, mode, onClose, save, stored]);

  const close = useCallback(() => {
    if (!saving) requestClose(() => onClose(null));
  }, [onClose, requestClose, saving]);

  const onDelete = useCallback(() => {
    if (!stored) return;
    const { id, date } = stored.diagnosis;
    confirmDelete(jaDiagnosis.dialog.deleteConfirm(customerName, date), async () => {
      try {
        await remove(id);
        onClose('deleted');
      } catch (failure) {
        setError({ title: e.titles.delete, message: messageOf(failure) });
      }
    });
  }, [confirmDelete, customerName, onClose, remove, stored]);

  const onEdit = useCallback(() => setMode('edit'), []);
  // A new customer has other visits: the chosen one cannot stay.
  const onValuesChange = useCallback(
    (changed: Partial<DiagnosisFormValues>) => {
      if ('customerId' in changed) form.setFieldValue('visitId', null);
    },
    [form],
  );

  return {
    form,
    /** What the form opens with: the record's values, or a draft given back. */
    initialValues: startValues,
    mode,
    tab,
    setTab,
    error,
    saving,
    markers,
    customerId,
    submit,
    close,
    onDelete,
    onEdit,
    onValuesChange,
    contextHolder,
  };
}
