import type { DiagnosisField } from '@clinic/sync-protocol';
import { Alert, ConfigProvider, Form, Input, type FormRule } from 'antd';
import { CustomerField } from '../../components/customer-picker';
import { VisitPicker } from '../../components/visit-picker';
import { jaDiagnosis } from '../../i18n/ja-diagnosis';
import { useCustomerVisits } from '../../data';
import { fieldError } from './diagnosis-form-values';
import type { CustomerDataState } from './use-customer-data';
import { memo } from 'react';

const t = jaDiagnosis.basic;
const e = jaDiagnosis.errors;

/** Each field is checked by the schema the local mutator and the server use (顧客の選択は必須です …). */
const rules = (field: DiagnosisField): FormRule[] => [
  {
    // antd waits on the promise a validator returns: a rejection's message is shown under the field.
    validator: (_, value: unknown) => {
      const message = fieldError(field, value);
      return message ? Promise.reject(new Error(message)) : Promise.resolve();
    },
  },
];
const customerRules = rules('customerId');
const dateRules = rules('date');
const healthRules = rules('generalHealth');
const notesRules = rules('notes');

/** The visit picker as a form control: Form.Item hands it value, onChange and the id its label points to. */
function VisitField({
  id,
  value,
  onChange,
  customerId,
}: {
  id?: string;
  value?: string | null;
  onChange?: (id: string | null) => void;
  customerId: string | null;
}) {
  const visits = useCustomerVisits(customerId);
  return (
    <VisitPicker
      id={id}
      customerId={customerId}
      visits={visits.loaded ? (visits.data ?? []) : null}
      value={value ?? null}
      onChange={(v) => onChange?.(v)}
    />
  );
}

type Props = {
  readOnly: boolean;
  customerId: string | null;
  customerData: CustomerDataState;
  /** The record's customer was deleted since: their name, said under the picker (which lists only live ones). */
  deletedCustomer: string | null;
};

/** 基本情報: whose record (required), which visit, the date, general health and notes. */
function BasicInfoTabContent({ readOnly, customerId, customerData, deletedCustomer }: Props) {
  return (
    <ConfigProvider componentDisabled={readOnly}>
      {customerData === 'failed' && (
        <Alert
          className="diagnosis-alert"
          type="error"
          showIcon
          title={e.customersTitle}
          description={e.customersFailed}
        />
      )}
      {customerData === 'empty' && (
        <Alert className="diagnosis-alert" type="warning" showIcon title={e.customersEmpty} />
      )}
      <div className="diagnosis-basic">
        <Form.Item
          name="customerId"
          label={t.customer}
          required
          rules={customerRules}
          extra={deletedCustomer ? t.deletedCustomer(deletedCustomer) : undefined}
        >
          <CustomerField />
        </Form.Item>
        <Form.Item name="visitId" label={t.visit}>
          <VisitField customerId={customerId} />
        </Form.Item>
        <Form.Item name="date" label={t.date} required rules={dateRules}>
          <Input type="date" min="1900-01-01" max="2100-12-31" />
        </Form.Item>
        <Form.Item name="generalHealth" label={t.generalHealth} rules={healthRules} className="diagnosis-full-row">
          <Input.TextArea rows={2} maxLength={2000} />
        </Form.Item>
        <Form.Item name="notes" label={t.notes} rules={notesRules} className="diagnosis-full-row">
          <Input.TextArea rows={3} maxLength={2000} />
        </Form.Item>
      </div>
    </ConfigProvider>
  );
}

// Memoised: tapping the figure re-renders the dialog, and this tab stays mounted without changing.
export const BasicInfoTab = memo(BasicInfoTabContent);
