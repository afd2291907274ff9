import { describe, expect, it } from 'vitest';
import { localSurvey } from '../chart-test-support';
import { latestSurveyAreas, surveyAreaRows } from './survey-areas';
import { CUSTOMER, record } from './pain-history-test-support';

describe('survey areas against the pain map', () => {
  const latest = record(1, '2026-11-20', [
    { region: 'back.scapula.left', level: 6 },
    { region: 'front.shoulder.right', level: 4 },
    { region: 'front.shoulder.right', level: 5 },
    { region: 'back.low-back.right', level: 5, resolved: true },
    { region: 'front.knee.left', level: 3 },
  ]);

  it("rolls the marked regions up to the survey's areas and flags where they disagree", () => {
    const rows = surveyAreaRows(['首', '肩', '腰'], latest.markers);
    expect(rows.map((r) => [r.area, r.survey, r.regions, r.mismatch])).toEqual([
      ['首', true, [], true],
      ['肩', true, ['肩甲部（患者の左）', '肩（患者の右）'], false],
      // Healed on the map: the survey's 腰 has nothing to match.
      ['腰', true, [], true],
      ['膝', false, ['膝（患者の左）'], true],
      ['頭', false, [], false],
      ['その他', false, [], false],
    ]);
  });

  it('flags nothing when no survey answered the question', () => {
    expect(surveyAreaRows(null, latest.markers).map((r) => [r.survey, r.mismatch])).toEqual(
      Array(6).fill([null, false]),
    );
  });

  it('takes the newest survey that answered 痛む部位 (施術後 ones do not ask)', () => {
    const post = localSurvey({ id: 's3', customerId: CUSTOMER, type: 'post', createdAt: '2026-11-21T01:00:00.000Z' });
    const newer = localSurvey({
      id: 's2',
      customerId: CUSTOMER,
      type: 'pre',
      createdAt: '2026-11-20T01:00:00.000Z',
      answers: { pain_areas: ['膝'] },
    });
    const older = localSurvey({ id: 's1', customerId: CUSTOMER, type: 'pre', createdAt: '2026-11-01T01:00:00.000Z' });
    expect(latestSurveyAreas([post, newer, older])).toEqual({ survey: newer, areas: ['膝'] });
    expect(latestSurveyAreas([post])).toBeNull();
  });
});
