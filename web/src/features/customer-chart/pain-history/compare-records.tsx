import type { BodyView } from '@clinic/sync-protocol/body';
import { Select } from 'antd';
import { useId, useState } from 'react';
import { BodyMap, ViewToggle } from '../../../components/body-map';
import { jaPainHistory } from '../../../i18n/ja-pain-history';
import type { DiagnosisWithMarkers } from '../../../data/live';
import { compareRecords } from './compare';
import { chosenPair, recordOptions } from './compare-options';
import { CompareTable, OverlapList } from './compare-table';
import { mapMarkers } from './map-markers';

const t = jaPainHistory;

function RecordSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (id: string) => void;
}) {
  const id = useId();
  return (
    <div className="ph-select">
      <label htmlFor={id}>{label}</label>
      <Select id={id} value={value} options={options} onChange={onChange} style={{ width: '100%', minHeight: 44 }} />
    </div>
  );
}

/**
 * 2つの記録を比べる: two records by date (the latest two at first), their maps side by side, the
 * change per region, how many regions hurt in each, and which painful regions stayed, went or are new.
 */
export function CompareRecords({ history }: { history: readonly DiagnosisWithMarkers[] }) {
  const [beforeId, setBeforeId] = useState<string | null>(null);
  const [afterId, setAfterId] = useState<string | null>(null);
  const [view, setView] = useState<BodyView>('front');
  const pair = chosenPair(history, beforeId, afterId);
  if (!pair) return null;
  const { before, after } = pair;
  const options = recordOptions(history);
  const dateOf = (entry: DiagnosisWithMarkers) =>
    options.find((o) => o.value === entry.diagnosis.id)?.label ?? entry.diagnosis.date;
  const same = before.diagnosis.id === after.diagnosis.id;
  const comparison = compareRecords(before.markers, after.markers);
  return (
    <div className="ph-block ph-compare">
      <h4 className="ph-heading">{t.compare.heading}</h4>
      <div className="ph-selects">
        <RecordSelect label={t.compare.before} value={before.diagnosis.id} options={options} onChange={setBeforeId} />
        <RecordSelect label={t.compare.after} value={after.diagnosis.id} options={options} onChange={setAfterId} />
      </div>
      {same ? (
        <p className="chart-muted" role="status">
          {t.compare.same}
        </p>
      ) : (
        <>
          <ViewToggle value={view} onChange={setView} />
          <div className="ph-compare-body">
            <div className="ph-maps">
              {[
                { which: t.compare.before, entry: before, extent: comparison.extent.before },
                { which: t.compare.after, entry: after, extent: comparison.extent.after },
              ].map(({ which, entry, extent }) => (
                <figure key={which} className="ph-map">
                  <BodyMap
                    view={view}
                    figureStyle="chart"
                    markers={mapMarkers(entry.markers, view)}
                    readOnly
                    label={t.compare.map(which, dateOf(entry), t.views[view])}
                  />
                  <figcaption>
                    {dateOf(entry)}
                    <br />
                    {t.compare.extent(extent)}
                  </figcaption>
                </figure>
              ))}
            </div>
            <div>
              <CompareTable comparison={comparison} beforeDate={dateOf(before)} afterDate={dateOf(after)} />
              <OverlapList overlap={comparison.overlap} />
            </div>
          </div>
        </>
      )}
    </div>
  );
}
