import { BodyMap } from '../../../components/body-map';
import { jaPainHistory } from '../../../i18n/ja-pain-history';
import type { DiagnosisWithMarkers } from '../../../data/live';
import { mapMarkers, VIEWS } from './map-markers';
import { SurveyAreasTable } from './survey-areas-table';

const t = jaPainHistory;

/**
 * The latest record's pain map, front and back side by side (also on the print), and beside it the
 * survey's pain areas checked against the regions it marks.
 */
export function LatestMap({ customerId, latest }: { customerId: string; latest: DiagnosisWithMarkers }) {
  const { diagnosis, markers } = latest;
  return (
    <div className="ph-block ph-latest">
      <h4 className="ph-heading">{t.latest.heading(diagnosis.date)}</h4>
      <div className="ph-latest-body">
        <div className="ph-maps">
          {VIEWS.map((view) => (
            <figure key={view} className="ph-map">
              <BodyMap
                view={view}
                figureStyle="chart"
                markers={mapMarkers(markers, view)}
                readOnly
                label={t.latest.map(diagnosis.date, t.views[view])}
              />
              <figcaption>{t.views[view]}</figcaption>
            </figure>
          ))}
        </div>
        <SurveyAreasTable customerId={customerId} latest={latest} />
      </div>
    </div>
  );
}
