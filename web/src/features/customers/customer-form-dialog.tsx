import type { CustomerField } from '@clinic/sync-protocol';
import { Alert, Form, Input, InputNumber, Modal, Radio } from 'antd';
import type { Rule } from 'antd/es/form';
import { memo, useState } from 'react';
import type { LocalCustomer } from '../../db/clinic-db';
import { ja } from '../../i18n/ja';
import { fieldError, formErrors, formValuesOf, type CustomerFormValues } from './customer-form-values';
import { useSaveCustomer, type SaveResult } from './use-save-customer';

const t = ja.customers.form;
const genders = ja.customers.gender;

/** Each field is checked by the same schema the local mutator and the server use. */
const rules = (field: CustomerField): Rule[] => [
  {
    validator: async (_, value: unknown) => {
      const message = fieldError(field, value);
      if (message) throw new Error(message);
    },
  },
];

type Props = {
  customer: LocalCustomer | null;
  /** Called with what the save did (null: cancelled). */
  onClose: (result: SaveResult | null) => void;
};

/**
 * 新規顧客登録 / 顧客情報の編集. A failed save keeps the dialog and everything typed.
 * The saving state lives here and the dialog is memoised, so the list behind it and the dialog do not
 * re-render each other while a save is stored and shown.
 */
export const CustomerFormDialog = memo(function CustomerFormDialog({ customer, onClose }: Props) {
  const [form] = Form.useForm<CustomerFormValues>();
  const [error, setError] = useState<string | null>(null);
  const { save, saving } = useSaveCustomer();

  /**
   * Checks the whole form with the shared schema in one pass instead of antd's validateFields, which
   * re-renders every field twice and cost ~30 ms of a save that should show its row within 50 ms.
   */
  const submit = async () => {
    const values = form.getFieldsValue(true) as CustomerFormValues;
    const problems = formErrors(values);
    if (problems.length > 0) {
      form.setFields(problems);
      form.scrollToField(problems[0]!.name, { block: 'nearest' });
      return;
    }
    setError(null);
    try {
      const result = await save(customer, values);
      if (result) onClose(result);
    } catch (e) {
      setError(t.saveFailed(e instanceof Error ? e.message : ja.api.messages.unexpected));
    }
  };

  return (
    <Modal
      open
      title={customer ? t.editTitle : t.createTitle}
      okText={t.save}
      cancelText={t.cancel}
      confirmLoading={saving}
      mask={{ closable: false }}
      onOk={() => void submit()}
      onCancel={() => onClose(null)}
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" initialValues={formValuesOf(customer)} onFinish={() => void submit()} requiredMark>
        <Form.Item name="name" label={t.labels.name} required rules={rules('name')}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="nameKana" label={t.labels.nameKana} rules={rules('nameKana')}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="age" label={t.labels.age} rules={rules('age')}>
          <InputNumber min={0} max={150} precision={0} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="gender" label={t.labels.gender}>
          <Radio.Group
            options={[
              { value: 'female', label: genders.female },
              { value: 'male', label: genders.male },
              { value: 'unset', label: genders.unset },
            ]}
          />
        </Form.Item>
        <Form.Item name="phone" label={t.labels.phone} required rules={rules('phone')}>
          <Input type="tel" autoComplete="off" />
        </Form.Item>
        <Form.Item name="email" label={t.labels.email} rules={rules('email')}>
          <Input type="email" autoComplete="off" />
        </Form.Item>
        <Form.Item name="address" label={t.labels.address} rules={rules('address')}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="medicalHistory" label={t.labels.medicalHistory} rules={rules('medicalHistory')}>
          <Input.TextArea rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
});
