import { Button, Spin } from 'antd';
import { startTransition, useEffect, useId, useState } from 'react';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { onDemand } from '../../components/on-demand';
import { jaDiagnosis } from '../../i18n/ja-diagnosis';
import type { DiagnosisEntry } from './diagnosis-entries';
import { DiagnosisListItem } from './diagnosis-list-item';
import type { DiagnosisList as ListState } from './use-diagnosis-list';

// antd's Alert (with its icons, about 4 KB gzip) only when reading fails: not in the first screen's JavaScript.
const { Component: ListFailed } = onDemand(() => import('./list-failed').then((module) => module.ListFailed));

const t = jaDiagnosis.list;

type Props = { list: ListState; onOpen: (entry: DiagnosisEntry) => void };

/** More records than a tall screen shows. */
const FIRST_PAINT = 12;

/**
 * How many records to draw: a screenful when the list first arrives, then, after that frame, all of
 * them (50 records with their buttons take a tablet about a sixth of a second to draw).
 */
function useFirstPaintLimit(loaded: boolean): number {
  const [limit, setLimit] = useState(FIRST_PAINT);
  useEffect(() => {
    if (!loaded || limit === Infinity) return;
    const frame = requestAnimationFrame(() => startTransition(() => setLimit(Infinity)));
    return () => cancelAnimationFrame(frame);
  }, [loaded, limit]);
  return limit;
}

/** 診断記録一覧（n件）: the latest records, newest first, and さらに表示 while the device holds more. */
export function DiagnosisList({ list, onOpen }: Props) {
  const titleId = useId();
  const { loaded, failed, entries, total, showMore } = list;
  const limit = useFirstPaintLimit(loaded);
  return (
    <Card role="region" aria-labelledby={titleId} className="diagnosis-list-card">
      <h2 id={titleId} className="diagnosis-list-title">
        {t.title(total)}
      </h2>
      {failed ? (
        <ListFailed />
      ) : !loaded ? (
        <div role="status" aria-label={t.loading} className="diagnosis-loading">
          <Spin />
        </div>
      ) : entries.length === 0 ? (
        <EmptyState description={t.empty} />
      ) : (
        <>
          <ul className="diagnosis-items">
            {entries.slice(0, limit).map((entry) => (
              <DiagnosisListItem key={entry.diagnosis.id} entry={entry} onOpen={onOpen} />
            ))}
          </ul>
          {entries.length < total && limit >= entries.length && (
            <Button size="large" block className="diagnosis-more" onClick={showMore}>
              {t.more(entries.length, total)}
            </Button>
          )}
        </>
      )}
    </Card>
  );
}
