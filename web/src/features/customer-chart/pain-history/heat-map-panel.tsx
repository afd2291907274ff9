import type { BodyView, ChronicArea } from '@clinic/sync-protocol/body';
import { useState } from 'react';
import { BodyHeatMap, type RegionHeat, ViewToggle } from '../../../components/body-map';
import { jaPainHistory } from '../../../i18n/ja-pain-history';
import { formatAverage } from './line-chart-layout';
import { VIEWS } from './map-markers';
import { heatOfView, regionLabel, regionsOfViewIn } from './region-heat';

const t = jaPainHistory;

/** 慢性的な部位: each with its average, how many records mark it and its trend. */
function ChronicList({ chronic }: { chronic: readonly ChronicArea[] }) {
  return (
    <div className="ph-chronic">
      <h5 className="ph-subheading">{t.chronic.heading}</h5>
      {chronic.length === 0 ? (
        <p className="chart-muted">{t.chronic.none}</p>
      ) : (
        <ul className="ph-chronic-list">
          {chronic.map((area) => (
            <li key={area.region} data-trend={area.trend ?? 'pending'}>
              <strong>{regionLabel(area.region)}</strong>
              <span>{t.chronic.average(formatAverage(area.average))}</span>
              <span>{t.chronic.count(area.frequency)}</span>
              <span className="ph-trend">{area.trend ? t.chronic.trend(area.trend) : t.chronic.trendPending}</span>
            </li>
          ))}
        </ul>
      )}
      <p className="chart-muted ph-note">{t.chronic.rule}</p>
    </div>
  );
}

/**
 * これまでの痛みの分布: every past record on the figures, front and back side by side (one at a time
 * with a toggle on a phone), chronic areas outlined, and their list beside.
 */
export function HeatMapPanel({
  heat,
  chronic,
  records,
}: {
  heat: readonly RegionHeat[];
  chronic: readonly ChronicArea[];
  records: number;
}) {
  const [view, setView] = useState<BodyView>('front');
  const highlight = chronic.map((area) => area.region);
  return (
    <div className="ph-block ph-heat">
      <h4 className="ph-heading">{t.heat.heading}</h4>
      <div className="ph-view-toggle">
        <ViewToggle value={view} onChange={setView} />
      </div>
      <div className="ph-heat-body">
        <div className="ph-maps">
          {VIEWS.map((each) => (
            // On a phone only the chosen figure shows (CSS); wider, both sit side by side.
            <figure key={each} className={each === view ? 'ph-map' : 'ph-map ph-map-other'}>
              <BodyHeatMap
                view={each}
                figureStyle="chart"
                heat={heatOfView(heat, each)}
                highlight={regionsOfViewIn(highlight, each)}
                label={t.heat.map(t.views[each], records)}
              />
              <figcaption>{t.views[each]}</figcaption>
            </figure>
          ))}
        </div>
        <ChronicList chronic={chronic} />
      </div>
      <p className="chart-muted ph-note">{t.heat.legend}</p>
    </div>
  );
}
