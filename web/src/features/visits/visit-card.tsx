import type { VirtualCards } from '../../components/virtual-table';
import type { VisitView } from '../../data/live';
import { ActionButtons, CustomerCell, MenuText, PriceText, type RowActions } from './visit-cells';
import { VisitNotes } from './visit-notes';

/** Below this width a visit is a card, not a table row (a phone, a narrow split screen). */
export const VISIT_CARDS_BELOW = 640;
/** Every card is one fixed height, so the list still lays out without measuring. */
export const VISIT_CARD_HEIGHT = 128;

/**
 * The customer, then date and menu, price and 担当者, and the start of the メモ, a line each; 編集 / 削除
 * beside them, where the thumb is.
 */
export function visitCards({ onEdit, onDelete }: RowActions): VirtualCards<VisitView> {
  return {
    below: VISIT_CARDS_BELOW,
    height: VISIT_CARD_HEIGHT,
    render: (visit) => (
      <div className="visit-card">
        <div className="visit-card-text">
          <CustomerCell visit={visit} />
          <div className="visit-card-meta">
            {visit.date}　<MenuText menu={visit.serviceMenu} />
          </div>
          <div className="visit-card-meta">
            <PriceText price={visit.price} />
            {visit.price !== null && visit.staffName && '　'}
            {visit.staffName}
          </div>
          {visit.notes && (
            <div className="visit-card-meta">
              <VisitNotes notes={visit.notes} />
            </div>
          )}
        </div>
        <ActionButtons visit={visit} onEdit={onEdit} onDelete={onDelete} />
      </div>
    ),
  };
}
