import { SearchOutlined } from '@ant-design/icons';
import { Input } from 'antd';
import { ja } from '../../i18n/ja';

const t = ja.customers;
type Props = { value: string; onChange: (value: string) => void };

export function CustomerSearch({ value, onChange }: Props) {
  return (
    <Input
      allowClear
      value={value}
      onChange={(e) => onChange(e.target.value)}
      placeholder={t.searchPlaceholder}
      aria-label={t.searchLabel}
      prefix={<SearchOutlined aria-hidden />}
      style={{ maxWidth: 420, flex: '1 1 240px' }}
    />
  );
}
