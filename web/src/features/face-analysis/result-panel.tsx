import { Alert, Spin } from 'antd';
import { FaceCard, FaceDebug } from '../../components/face-result';
import { jaFace } from '../../i18n/ja-face';
import type { Outcome, Phase } from './use-face-session';

const t = jaFace;

type Props = {
  phase: Phase;
  outcome: Outcome;
  message: string | null;
  /** Settings デバッグモード: the engine's raw figures and timings under the result. */
  debug?: boolean;
};

/** 分析結果: one card per face (spec 2), the no-face warning or the error, and the time it took. */
export function ResultPanel({ phase, outcome, message, debug = false }: Props) {
  return (
    <section className="face-results" aria-labelledby="face-results-title" aria-busy={phase === 'analysing'}>
      <h2 id="face-results-title" className="face-section-title">
        {t.results}
      </h2>
      {(phase === 'empty' || phase === 'ready') && <p className="face-results-hint">{t.resultsHint}</p>}
      {phase === 'analysing' && (
        <div className="face-analysing" role="status">
          <Spin />
          <span>{t.analyzing}</span>
        </div>
      )}
      {phase === 'noFace' && message && <Alert type="warning" showIcon title={message} />}
      {phase === 'error' && message && <Alert type="error" showIcon title={message} />}
      {phase === 'done' && outcome && (
        <>
          <p className="face-results-summary">
            {outcome.faces.length > 1 && <span>{t.faceCount(outcome.faces.length)}</span>}
            <span>{t.processingTime(outcome.processingTime)}</span>
          </p>
          <div className="face-cards">
            {outcome.faces.map((face, i) => (
              <FaceCard key={i} face={face} index={i} showTitle={outcome.faces.length > 1} />
            ))}
          </div>
        </>
      )}
      {debug && outcome && (phase === 'done' || phase === 'noFace') && <FaceDebug facts={outcome.debug} />}
    </section>
  );
}
