import type { VirtualColumn } from '../../components/virtual-table';
import { ja } from '../../i18n/ja';
import type { VisitView } from '../../data/live';
import { ActionButtons, CustomerCell, MenuText, PriceText, type RowActions } from './visit-cells';
import { VisitNotes } from './visit-notes';

const c = ja.visits.columns;

/** Every row is one line at one fixed height (the 44 px buttons and padding), laid out without measuring. */
export const VISIT_ROW_HEIGHT = 60;

/**
 * The table's columns: all of them fit beside the menu on a 1280 px screen, and all but 担当者 on a
 * tablet held upright (768 px). Narrower, メモ goes next, then 料金 and 施術メニュー; the date, the
 * customer and the buttons always stay (below 640 px the list turns into cards).
 */
export function visitColumns({ onEdit, onDelete }: RowActions): VirtualColumn<VisitView>[] {
  return [
    { key: 'date', title: c.date, width: 104, render: (v) => v.date },
    { key: 'customer', title: c.customer, width: 140, render: (v) => <CustomerCell visit={v} /> },
    {
      key: 'serviceMenu',
      title: c.serviceMenu,
      width: 120,
      priority: 1,
      ellipsis: true,
      render: (v) => <MenuText menu={v.serviceMenu} />,
    },
    {
      key: 'price',
      title: <span className="visit-price">{c.price}</span>,
      width: 96,
      priority: 2,
      render: (v) => (
        <span className="visit-price">
          <PriceText price={v.price} />
        </span>
      ),
    },
    { key: 'staffName', title: c.staffName, width: 100, priority: 4, ellipsis: true, render: (v) => v.staffName },
    { key: 'notes', title: c.notes, width: 128, priority: 3, render: (v) => <VisitNotes notes={v.notes} /> },
    {
      key: 'actions',
      title: c.actions,
      width: 160,
      render: (v) => <ActionButtons visit={v} onEdit={onEdit} onDelete={onDelete} />,
    },
  ];
}
