import type { VirtualCards } from '../../components/virtual-table';
import type { LocalCustomer } from '../../data/clinic-db';
import { ja } from '../../i18n/ja';
import { ActionButtons, ChartNumber, NameCell, type RowActions } from './customer-cells';

const c = ja.customers.columns;

/** Below this width a customer is a card, not a table row (a phone, a narrow split screen). */
export const CUSTOMER_CARDS_BELOW = 640;
/** Every card is one fixed height, so the list still lays out without measuring. */
export const CUSTOMER_CARD_HEIGHT = 112;

/** Name, フリガナ, カルテ番号 and phone, a line each, on the left; 編集 / 削除 beside them, where the thumb is. */
export function customerCards({
  conflictedIds,
  onEdit,
  onDelete,
  onShowConflicts,
}: RowActions): VirtualCards<LocalCustomer> {
  return {
    below: CUSTOMER_CARDS_BELOW,
    height: CUSTOMER_CARD_HEIGHT,
    render: (customer) => (
      <div className="customer-card">
        <div className="customer-card-text">
          <NameCell customer={customer} conflicted={conflictedIds.has(customer.id)} onShowConflicts={onShowConflicts} />
          <div className="customer-card-meta">
            {c.chartNumber} <ChartNumber customer={customer} />
          </div>
          <div className="customer-card-meta">{customer.phone}</div>
        </div>
        <ActionButtons customer={customer} onEdit={onEdit} onDelete={onDelete} />
      </div>
    ),
  };
}
