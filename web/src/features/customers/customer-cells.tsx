import { WarningOutlined } from '@ant-design/icons';
import { Button, Tag } from 'antd';
import { DANGER_BUTTON_CLASS } from '../../components/confirm';
import type { LocalCustomer } from '../../data/clinic-db';
import { ja } from '../../i18n/ja';
import './customer-columns.css';

const t = ja.customers;

export type RowActions = {
  conflictedIds: ReadonlySet<string>;
  onEdit: (customer: LocalCustomer) => void;
  onDelete: (customer: LocalCustomer) => void;
  onShowConflicts: () => void;
};

// antd's orange tag text is 3.3:1 on its background; orange-8 reads at 5.1:1.
const unsynced = (
  <Tag color="orange" style={{ marginInlineEnd: 0, color: '#ad4e00' }}>
    {t.unsynced}
  </Tag>
);

/** The カルテ番号, or 未同期 while the server has not numbered a new customer: the one place it says so. */
export const ChartNumber = ({ customer }: { customer: LocalCustomer }) =>
  customer.chartNumber === null ? unsynced : <>{customer.chartNumber}</>;

/**
 * Name and フリガナ on two lines. 未同期 beside the name only for a numbered customer with an edit not
 * yet sent: a new one says it in its カルテ番号 already. Plain elements and a stylesheet rather than
 * Space/Typography: a search mounts a screenful of these per key.
 */
export function NameCell({
  customer,
  conflicted,
  onShowConflicts,
}: {
  customer: LocalCustomer;
  conflicted: boolean;
  onShowConflicts: () => void;
}) {
  return (
    <>
      <div className="customer-name">
        <strong>{customer.name}</strong>
        {customer.pending === 1 && customer.chartNumber !== null && unsynced}
        {conflicted && (
          <Button
            size="large"
            type="text"
            className="customer-touch"
            icon={<WarningOutlined aria-hidden style={{ color: '#d97706' }} />}
            aria-label={t.conflictLabel(customer.name)}
            onClick={onShowConflicts}
          >
            {t.conflict}
          </Button>
        )}
      </div>
      {customer.nameKana && <div className="customer-kana">{customer.nameKana}</div>}
    </>
  );
}

/** 編集 and 削除, each at least 44 px square with room between; a tap on them does not open the row. */
export function ActionButtons({
  customer,
  onEdit,
  onDelete,
}: { customer: LocalCustomer } & Pick<RowActions, 'onEdit' | 'onDelete'>) {
  return (
    <div className="customer-actions">
      <Button
        size="large"
        className="customer-touch"
        aria-label={t.editLabel(customer.name)}
        onClick={() => onEdit(customer)}
      >
        {t.edit}
      </Button>
      <Button
        size="large"
        danger
        className={`customer-touch ${DANGER_BUTTON_CLASS}`}
        aria-label={t.deleteLabel(customer.name)}
        onClick={() => onDelete(customer)}
      >
        {t.delete}
      </Button>
    </div>
  );
}
