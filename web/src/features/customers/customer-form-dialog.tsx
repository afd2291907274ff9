import type { CustomerField } from '@clinic/sync-protocol';
import { Button, Form, Input, Modal, Radio, type FormRule } from 'antd';
import { memo, useRef, useState } from 'react';
import { FORM_DIALOG_CHOICES, FORM_DIALOG_FACTS, FORM_DIALOG_FULL_ROW, FormDialog } from '../../components/form-dialog';
import type { LocalCustomer } from '../../data/clinic-db';
import { ja } from '../../i18n/ja';
import {
  birthDateSummary,
  fieldError,
  formErrors,
  formValuesOf,
  storedText,
  type CustomerFormValues,
} from './customer-form-values';
import { useSaveCustomer, type SaveResult } from './use-save-customer';

const t = ja.customers.form;
const genders = ja.customers.gender;

/** Each field is checked by the same schema the local mutator and the server use. */
const rules = (field: CustomerField): FormRule[] => [
  {
    // antd waits on the promise a validator returns: a rejection's message is shown under the field.
    validator: (_, value: unknown) => {
      const message = fieldError(field, value);
      return message ? Promise.reject(new Error(message)) : Promise.resolve();
    },
  },
];

type Props = {
  customer: LocalCustomer | null;
  /** Called with what the save did (null: closed without saving). */
  onClose: (result: SaveResult | null) => void;
  /** 登録済みの顧客を開く in the duplicate warning: the page opens that customer's dialog instead. */
  onOpenExisting: (customer: LocalCustomer) => void;
};

type ModalApi = ReturnType<typeof Modal.useModal>[0];
type DuplicateChoice = 'open' | 'save' | 'cancel';

/** 登録済みの可能性があります: open the existing customer, save anyway, or go back to the form as typed. */
function askAboutDuplicate(modal: ModalApi, existing: LocalCustomer): Promise<DuplicateChoice> {
  const d = t.duplicate;
  return new Promise((resolve) => {
    const answer = (choice: DuplicateChoice) => {
      question.destroy();
      resolve(choice);
    };
    const question = modal.confirm({
      title: d.title,
      width: 560, // room for the three answers on one line on a tablet
      content: (
        <>
          <p>{d.text}</p>
          <dl className={FORM_DIALOG_FACTS}>
            <dt>{d.name}</dt>
            <dd>{existing.name}</dd>
            <dt>{d.chartNumber}</dt>
            <dd>{existing.chartNumber ?? d.unsynced}</dd>
            <dt>{d.phone}</dt>
            <dd>{existing.phone}</dd>
          </dl>
        </>
      ),
      onCancel: () => resolve('cancel'), // Esc
      footer: () => (
        <div className={FORM_DIALOG_CHOICES}>
          <Button size="large" onClick={() => answer('cancel')}>
            {d.cancel}
          </Button>
          <Button size="large" onClick={() => answer('save')}>
            {d.saveAnyway}
          </Button>
          <Button size="large" type="primary" onClick={() => answer('open')}>
            {d.open}
          </Button>
        </div>
      ),
    });
  });
}

/**
 * 生年月日 as typed (西暦 or 和暦), with what it was read as underneath: 昭和60年4月1日（1985年）・40歳.
 * Its own component, so only it re-renders while the date is typed.
 */
function BirthDateField() {
  const typed: unknown = Form.useWatch('birthDate');
  const summary = birthDateSummary(typed);
  const extra = summary && (summary.age === null ? summary.date : t.birthDateHelp(summary.date, summary.age));
  return (
    <Form.Item name="birthDate" label={t.labels.birthDate} rules={rules('birthDate')} extra={extra || undefined}>
      <Input autoComplete="off" placeholder={t.birthDatePlaceholder} />
    </Form.Item>
  );
}

/**
 * 新規顧客登録 / 顧客情報の編集, on the shared FormDialog. A failed save keeps the dialog and everything
 * typed. The saving state lives here and the dialog is memoised, so the list behind it and the dialog do
 * not re-render each other while a save is stored and shown. Keyed by customer: antd reads a form's
 * initial values once, so opening another customer must start a new form.
 */
export const CustomerFormDialog = memo(function CustomerFormDialog(props: Props) {
  return <CustomerForm key={props.customer?.id ?? 'new'} {...props} />;
});

function CustomerForm({ customer, onClose, onOpenExisting }: Props) {
  const [form] = Form.useForm<CustomerFormValues>();
  const [initialValues] = useState(() => formValuesOf(customer));
  const [error, setError] = useState<string | null>(null);
  const { save, saving, duplicateOf } = useSaveCustomer();
  const [modal, contextHolder] = Modal.useModal();
  const checking = useRef(false); // a duplicate check or question is under way

  /**
   * Checks the whole form with the shared schema in one pass instead of antd's validateFields, which
   * re-renders every field twice and cost ~30 ms of a save that should show its row within 50 ms.
   */
  const submit = async () => {
    if (checking.current) return;
    const values = form.getFieldsValue(true) as CustomerFormValues;
    const problems = formErrors(values);
    if (problems.length > 0) {
      form.setFields(problems);
      form.scrollToField(problems[0]!.name, { block: 'nearest' });
      return;
    }
    checking.current = true;
    try {
      const existing = await duplicateOf(customer, values);
      const choice = existing ? await askAboutDuplicate(modal, existing) : 'save';
      if (existing && choice === 'open') onOpenExisting(existing);
      if (choice !== 'save') return;
    } finally {
      checking.current = false;
    }
    setError(null);
    try {
      const result = await save(customer, values);
      if (result) onClose(result);
    } catch (e) {
      setError(t.saveFailed(e instanceof Error ? e.message : ja.api.messages.unexpected));
    }
  };

  /** On leaving a field the person changed, it shows the value as it will be stored (visibly, not at save). */
  const showStored = (field: CustomerField) => () => {
    if (!form.isFieldTouched(field)) return;
    const stored = storedText(field, form.getFieldValue(field));
    if (stored !== null) form.setFieldValue(field, stored);
  };

  return (
    <>
      {contextHolder}
      <FormDialog
        title={customer ? t.editTitle : t.createTitle}
        form={form}
        initialValues={initialValues}
        onSave={() => void submit()}
        onClose={() => onClose(null)}
        saving={saving}
        error={error}
        draft={{ form: 'customer', recordId: customer?.id ?? null }}
      >
        <Form.Item name="name" label={t.labels.name} required rules={rules('name')}>
          <Input autoComplete="off" onBlur={showStored('name')} />
        </Form.Item>
        <Form.Item name="nameKana" label={t.labels.nameKana} rules={rules('nameKana')}>
          <Input autoComplete="off" onBlur={showStored('nameKana')} />
        </Form.Item>
        <Form.Item name="age" label={t.labels.age} rules={rules('age')}>
          <Input inputMode="numeric" autoComplete="off" onBlur={showStored('age')} />
        </Form.Item>
        <BirthDateField />
        <Form.Item name="gender" label={t.labels.gender}>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={[
              { value: 'female', label: genders.female },
              { value: 'male', label: genders.male },
              { value: 'unset', label: genders.unset },
            ]}
          />
        </Form.Item>
        <Form.Item name="phone" label={t.labels.phone} required rules={rules('phone')}>
          <Input type="tel" autoComplete="off" onBlur={showStored('phone')} />
        </Form.Item>
        <Form.Item name="email" label={t.labels.email} rules={rules('email')}>
          <Input type="email" autoComplete="off" onBlur={showStored('email')} />
        </Form.Item>
        <Form.Item name="address" label={t.labels.address} rules={rules('address')}>
          <Input autoComplete="off" onBlur={showStored('address')} />
        </Form.Item>
        <Form.Item
          name="medicalHistory"
          label={t.labels.medicalHistory}
          rules={rules('medicalHistory')}
          className={FORM_DIALOG_FULL_ROW}
        >
          <Input.TextArea rows={3} onBlur={showStored('medicalHistory')} />
        </Form.Item>
      </FormDialog>
    </>
  );
}
