import type { CustomerField } from '@clinic/sync-protocol';
import { Alert, Form, Input, InputNumber, Modal, Radio } from 'antd';
import type { Rule } from 'antd/es/form';
import { useState } from 'react';
import type { LocalCustomer } from '../../db/clinic-db';
import { ja } from '../../i18n/ja';
import { fieldError, formValuesOf, type CustomerFormValues } from './customer-form-values';
import type { SaveOutcome } from './use-save-customer';

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
  saving: boolean;
  onSave: (values: CustomerFormValues) => Promise<SaveOutcome>;
  onClose: (outcome: SaveOutcome | null) => void;
};

/** 新規顧客登録 / 顧客情報の編集. A failed save keeps the dialog and everything typed. */
export function CustomerFormDialog({ customer, saving, onSave, onClose }: Props) {
  const [form] = Form.useForm<CustomerFormValues>();
  const [error, setError] = useState<string | null>(null);

  const submit = async (values: CustomerFormValues) => {
    setError(null);
    try {
      onClose(await onSave(values));
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
      onOk={() => form.submit()}
      onCancel={() => onClose(null)}
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" initialValues={formValuesOf(customer)} onFinish={submit} requiredMark>
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
}
