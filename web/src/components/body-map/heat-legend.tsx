import { jaBodyMap } from '../../i18n/ja-body-map';
import { HEAT_COLOURS } from './heat-scale';

const t = jaBodyMap.heat;

/** What the shades and the thick outline mean; the map's own name says it all to a screen reader. */
export function HeatLegend({ chronic }: { chronic: boolean }) {
  return (
    <div className="body-map-legend" aria-hidden="true">
      <span className="body-map-legend-scale">
        <span>{t.legend}：</span>
        <span className="body-map-legend-ramp">
          <span>{t.mild}</span>
          <span className="body-map-legend-swatches">
            {HEAT_COLOURS.map((colour) => (
              <span key={colour} className="body-map-legend-swatch" style={{ background: colour }} />
            ))}
          </span>
          <span>{t.strong}</span>
        </span>
      </span>
      {chronic && (
        <span className="body-map-legend-chronic">
          <span className="body-map-legend-outline" />
          <span>{t.chronic}</span>
        </span>
      )}
    </div>
  );
}
