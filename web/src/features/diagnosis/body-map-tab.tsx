import type { BodyView, FigureStyle } from '@clinic/sync-protocol/body';
import { Alert, Button } from 'antd';
import { BodyMap, FigureStyleToggle, ViewToggle, type MapPoint } from '../../components/body-map';
import { jaDiagnosis } from '../../i18n/ja-diagnosis';
import type { DraftMarker } from './draft-markers';
import type { PreviousRecord } from './use-previous-markers';

const t = jaDiagnosis.map;

type Props = {
  markers: readonly DraftMarker[];
  view: BodyView;
  onViewChange: (view: BodyView) => void;
  figureStyle: FigureStyle;
  /** The 簡易 / 詳細 figure toggle, or null for none. */
  onFigureStyleChange: ((style: FigureStyle) => void) | null;
  readOnly: boolean;
  onAdd: (point: MapPoint) => void;
  onSelect: (id: string) => void;
  /** The previous record a new one may start from (shown until a spot is marked). */
  previous: PreviousRecord | null;
  onCarryForward: () => void;
};

/** 人体図: front or back (and in v2 the figure), tap the body to mark a spot, tap a number to change it. */
export function BodyMapTab({
  markers,
  view,
  onViewChange,
  figureStyle,
  onFigureStyleChange,
  readOnly,
  onAdd,
  onSelect,
  previous,
  onCarryForward,
}: Props) {
  return (
    <div className="diagnosis-map-tab">
      <div className="diagnosis-map-toggles">
        <ViewToggle value={view} onChange={onViewChange} />
        {onFigureStyleChange && <FigureStyleToggle value={figureStyle} onChange={onFigureStyleChange} />}
      </div>
      {!readOnly && previous && markers.length === 0 && (
        <Alert
          className="diagnosis-carry"
          classNames={{ section: 'diagnosis-carry-text', actions: 'diagnosis-carry-action' }}
          type="info"
          title={t.carryForwardNote(previous.date, previous.markers.length)}
          action={
            <Button size="large" onClick={onCarryForward}>
              {t.carryForward}
            </Button>
          }
        />
      )}
      <BodyMap
        className="diagnosis-map-figure"
        view={view}
        figureStyle={figureStyle}
        markers={markers}
        readOnly={readOnly}
        onAdd={readOnly ? undefined : onAdd}
        onSelect={readOnly ? undefined : onSelect}
        label={t.label(jaDiagnosis.views[view])}
      />
    </div>
  );
}
