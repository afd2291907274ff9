import type { VisitField } from '@clinic/sync-protocol';
import { Form, Input, type FormRule } from 'antd';
import { memo, useState } from 'react';
import { CustomerField } from '../../components/customer-picker';
import { FORM_DIALOG_FULL_ROW, FormDialog } from '../../components/form-dialog';
import { ja } from '../../i18n/ja';
import type { VisitView } from '../../data/live';
import { MenuAndPriceFields } from './menu-price-fields';
import { fieldError, formErrors, formValuesOf, type NewVisitDefaults, type VisitFormValues } from './visit-form-values';
import { useSaveVisit, type SaveResult } from './use-save-visit';

const t = ja.visits.form;

/** Each field is checked by the same schema the local mutator and the server use. */
const rules = (field: VisitField): FormRule[] => [
  {
    // antd waits on the promise a validator returns: a rejection's message is shown under the field.
    validator: (_, value: unknown) => {
      const message = fieldError(field, value);
      return message ? Promise.reject(new Error(message)) : Promise.resolve();
    },
  },
];
const menuRules = rules('serviceMenu');
const priceRules = rules('price');

type Props = {
  visit: VisitView | null;
  /** What a new record starts with. */
  defaults: NewVisitDefaults;
  /** Called with what the save did (null: closed without saving). */
  onClose: (result: SaveResult | null) => void;
};

/**
 * 新規来院記録 / 来院記録の編集, on the shared FormDialog. A failed save keeps the dialog and everything
 * typed. Keyed by visit: antd reads a form's initial values once.
 */
export const VisitFormDialog = memo(function VisitFormDialog(props: Props) {
  return <VisitForm key={props.visit?.id ?? 'new'} {...props} />;
});

function VisitForm({ visit, defaults, onClose }: Props) {
  const [form] = Form.useForm<VisitFormValues>();
  const [initialValues] = useState(() => formValuesOf(visit, defaults));
  const [error, setError] = useState<string | null>(null);
  const { save, saving } = useSaveVisit();

  /** Checks the whole form with the shared schema in one pass, so the messages are exactly its own. */
  const submit = async () => {
    const values = form.getFieldsValue(true) as VisitFormValues;
    const problems = formErrors(values);
    if (problems.length > 0) {
      form.setFields(problems);
      form.scrollToField(problems[0]!.name, { block: 'nearest' });
      return;
    }
    setError(null);
    try {
      const result = await save(visit, values);
      if (result) onClose(result);
    } catch (e) {
      setError(t.saveFailed(e instanceof Error ? e.message : ja.api.messages.unexpected));
    }
  };

  // The picker lists only customers one can choose; a deleted one's name is said under it.
  const deletedCustomer = visit?.customerDeleted ? t.deletedCustomer(visit.customerName) : undefined;
  return (
    <FormDialog
      title={visit ? t.editTitle : t.createTitle}
      form={form}
      initialValues={initialValues}
      onSave={() => void submit()}
      onClose={() => onClose(null)}
      saving={saving}
      error={error}
      draft={{ form: 'visit', recordId: visit?.id ?? null }}
    >
      <Form.Item name="date" label={t.labels.date} required rules={rules('date')}>
        <Input type="date" min="1900-01-01" max="2100-12-31" />
      </Form.Item>
      <Form.Item
        name="customerId"
        label={t.labels.customerId}
        required
        rules={rules('customerId')}
        extra={deletedCustomer}
      >
        <CustomerField />
      </Form.Item>
      <MenuAndPriceFields menuRules={menuRules} priceRules={priceRules} />
      <Form.Item name="staffName" label={t.labels.staffName} rules={rules('staffName')}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item name="notes" label={t.labels.notes} rules={rules('notes')} className={FORM_DIALOG_FULL_ROW}>
        <Input.TextArea rows={3} />
      </Form.Item>
    </FormDialog>
  );
}
