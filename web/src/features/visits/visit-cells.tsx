import { formatYen } from '@clinic/sync-protocol';
import { Button, Tag } from 'antd';
import { DANGER_BUTTON_CLASS } from '../../components/confirm';
import { ja } from '../../i18n/ja';
import type { VisitView } from '../../data/live';
import './visit-list.css';

const t = ja.visits;

export type RowActions = {
  onEdit: (visit: VisitView) => void;
  onDelete: (visit: VisitView) => void;
};

// antd's orange tag text is 3.3:1 on its background; orange-8 reads at 5.1:1.
const unsynced = (
  <Tag color="orange" style={{ marginInlineEnd: 0, color: '#ad4e00' }}>
    {t.unsynced}
  </Tag>
);

/** The customer's name (「…（削除済み）」 for a deleted one), and 未同期 while the server has not confirmed the visit. */
export function CustomerCell({ visit }: { visit: VisitView }) {
  return (
    <div className="visit-customer">
      <strong>{visit.customerName}</strong>
      {visit.pending === 1 && unsynced}
    </div>
  );
}

export const MenuText = ({ menu }: { menu: string }) =>
  menu.trim() === '' ? <span className="visit-no-menu">{t.noMenu}</span> : <>{menu}</>;

export const PriceText = ({ price }: { price: number | null }) => <>{formatYen(price)}</>;

/** 編集 and 削除, each at least 44 px square with room between; a tap on them does not open the row. */
export function ActionButtons({ visit, onEdit, onDelete }: { visit: VisitView } & RowActions) {
  return (
    <div className="visit-actions">
      <Button
        size="large"
        className="visit-touch"
        aria-label={t.editLabel(visit.date, visit.customerName)}
        onClick={() => onEdit(visit)}
      >
        {t.edit}
      </Button>
      <Button
        size="large"
        danger
        className={`visit-touch ${DANGER_BUTTON_CLASS}`}
        aria-label={t.deleteLabel(visit.date, visit.customerName)}
        onClick={() => onDelete(visit)}
      >
        {t.delete}
      </Button>
    </div>
  );
}
