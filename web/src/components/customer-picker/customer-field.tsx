import { CustomerPicker } from './customer-picker';

/** The picker as a form control: Form.Item hands it value, onChange and the id its label points to. */
export function CustomerField({
  id,
  value,
  onChange,
}: {
  id?: string;
  value?: string | null;
  onChange?: (id: string | null) => void;
}) {
  return <CustomerPicker id={id} value={value ?? null} onChange={(chosen) => onChange?.(chosen)} />;
}
