import { useMemo } from 'react';
import { jaPainHistory } from '../../../i18n/ja-pain-history';
import { type DiagnosisWithMarkers, useCustomerSurveys } from '../../../data/live';
import { surveyDay } from '../survey-groups';
import { type AreaRow, latestSurveyAreas, surveyAreaRows } from './survey-areas';

const t = jaPainHistory.survey;

function SurveyCell({ row }: { row: AreaRow }) {
  if (row.survey === null) return <>{t.notAnswered}</>;
  return <>{row.survey ? t.yes : t.no}</>;
}

/**
 * The survey's 痛む部位 (its latest answer) beside the regions the latest record marks, rolled up to
 * the survey's areas, so a patient's 肩 on the survey can be checked against the map. A row where
 * one says yes and the other no is marked 不一致.
 */
export function SurveyAreasTable({ customerId, latest }: { customerId: string; latest: DiagnosisWithMarkers }) {
  const { data: surveys } = useCustomerSurveys(customerId);
  const answered = useMemo(() => latestSurveyAreas(surveys ?? []), [surveys]);
  const rows = surveyAreaRows(answered?.areas ?? null, latest.markers);
  return (
    <div className="ph-survey-areas">
      <table className="ph-table">
        <caption>{t.heading}</caption>
        <thead>
          <tr>
            <th scope="col">{t.area}</th>
            <th scope="col">{t.survey(answered ? surveyDay(answered.survey) : null)}</th>
            <th scope="col">{t.map(latest.diagnosis.date)}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.area} className={row.mismatch ? 'ph-mismatch' : undefined}>
              <th scope="row">
                {row.area}
                {row.mismatch && <span className="ph-mismatch-tag">{t.mismatch}</span>}
              </th>
              <td>
                <SurveyCell row={row} />
              </td>
              <td>{row.regions.length === 0 ? t.no : row.regions.join('、')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {rows.some((row) => row.mismatch) && <p className="chart-muted ph-note">{t.mismatchNote}</p>}
    </div>
  );
}
