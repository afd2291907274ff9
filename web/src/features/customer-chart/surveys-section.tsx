import { ja } from '../../i18n/ja';
import { SectionBody } from './chart-parts';
import { ChartSection, type ChartSectionProps } from './chart-section';
import { AnswerText, SurveyAnswers } from './survey-answers';
import { painChange, type SurveyGroup, type SurveyPair } from './survey-groups';
import { useSurveyGroups } from './use-survey-groups';

const t = ja.chart.surveys;

/** 痛み ★★★★☆ → 改善 ★★★☆☆: how the pain before compares with the relief after. */
function PainChangeLine({ pair }: { pair: SurveyPair }) {
  const change = painChange(pair);
  if (!change) return null;
  return (
    <p className="chart-change">
      <span>
        {t.pain} <AnswerText question={change.pain.question} value={change.pain.value} />
      </span>
      <span aria-hidden>→</span>
      <span>
        {t.improvement} <AnswerText question={change.improvement.question} value={change.improvement.value} />
      </span>
    </p>
  );
}

/** The surveys of one visit (or day): each 施術前 beside its 施術後 (stacked on a phone), the change above. */
function SurveyGroupItem({ group }: { group: SurveyGroup }) {
  const title = group.visit
    ? t.visitGroup(group.date, group.visit.serviceMenu || ja.chart.visits.noMenu)
    : t.dayGroup(group.date);
  return (
    <li className="chart-item">
      <h4 className="chart-group-title">{title}</h4>
      {group.pairs.map((pair) => (
        <div key={pair.key} className="chart-pair">
          <PainChangeLine pair={pair} />
          <div className="chart-pair-surveys">
            <SurveyAnswers type="pre" survey={pair.pre} />
            <SurveyAnswers type="post" survey={pair.post} />
          </div>
        </div>
      ))}
    </li>
  );
}

/** アンケート: grouped by the visit they were answered at, newest first. */
export function SurveysSection({ customerId }: ChartSectionProps) {
  const { loaded, groups } = useSurveyGroups(customerId);
  return (
    <ChartSection title={t.title}>
      <SectionBody loaded={loaded} empty={groups.length === 0 ? t.empty : null}>
        <ul className="chart-list">
          {groups.map((group) => (
            <SurveyGroupItem key={group.key} group={group} />
          ))}
        </ul>
      </SectionBody>
    </ChartSection>
  );
}
