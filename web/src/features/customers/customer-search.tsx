import { CloseCircleFilled, SearchOutlined } from '@ant-design/icons';
import { InputOnDemand } from '../../components/light-input';
import { ja } from '../../i18n/ja';
import './customer-toolbar.css';

const t = ja.customers;
type Props = { value: string; onChange: (value: string) => void };

// The clear button takes its name from the icon, whose own name is English; 44 px wide in the stylesheet.
const clear = { clearIcon: <CloseCircleFilled aria-label={t.searchClear} /> };

export function CustomerSearch({ value, onChange }: Props) {
  return (
    <InputOnDemand
      size="large"
      allowClear={clear}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      placeholder={t.searchPlaceholder}
      aria-label={t.searchLabel}
      prefix={<SearchOutlined aria-hidden />}
      className="customer-search"
    />
  );
}
