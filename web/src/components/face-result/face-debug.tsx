import { jaFace } from '../../i18n/ja-face';
import './face-result.css';

const t = jaFace.debug;

/** What one analysis ran on and took, as the engine reported it. */
export type FaceDebugFacts = {
  engine: string;
  /** Milliseconds inside the model. */
  processingTime: number;
  /** Milliseconds from the press to the result (reading the image too), when measured here. */
  totalTime?: number | null;
  image?: { width: number; height: number } | null;
  /** The faces as the engine gave them, before the screen rounded them for people. */
  faces: readonly unknown[];
};

/**
 * Settings デバッグモード: the model's raw figures (every emotion's confidence, the box, the detector's
 * score) and the timings under a result, for whoever checks the engine. The block scrolls, so it takes
 * the keyboard's focus (axe: scrollable-region-focusable).
 */
export function FaceDebug({ facts }: { facts: FaceDebugFacts }) {
  return (
    <section className="face-debug" aria-label={t.title}>
      <h3 className="face-debug-title">{t.title}</h3>
      <dl className="face-debug-facts">
        <div>
          <dt>{t.engine}</dt>
          <dd>{facts.engine}</dd>
        </div>
        <div>
          <dt>{t.modelTime}</dt>
          <dd>{t.ms(facts.processingTime)}</dd>
        </div>
        {facts.totalTime != null && (
          <div>
            <dt>{t.totalTime}</dt>
            <dd>{t.ms(facts.totalTime)}</dd>
          </div>
        )}
        {facts.image && (
          <div>
            <dt>{t.image}</dt>
            <dd>{t.imageSize(facts.image.width, facts.image.height)}</dd>
          </div>
        )}
        <div>
          <dt>{t.faces}</dt>
          <dd>{facts.faces.length}</dd>
        </div>
      </dl>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be focusable (axe scrollable-region-focusable) */}
      <pre className="face-debug-raw" tabIndex={0} aria-label={t.raw}>
        {JSON.stringify(facts.faces, null, 2)}
      </pre>
    </section>
  );
}
