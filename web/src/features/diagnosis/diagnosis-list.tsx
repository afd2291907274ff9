import { Alert, Button, Spin } from 'antd';
import { useId } from 'react';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { jaDiagnosis } from '../../i18n/ja-diagnosis';
import type { DiagnosisEntry } from './diagnosis-entries';
import { DiagnosisListItem } from './diagnosis-list-item';
import type { DiagnosisList as ListState } from './use-diagnosis-list';

const t = jaDiagnosis.list;

type Props = { list: ListState; onOpen: (entry: DiagnosisEntry) => void };

/** 診断記録一覧（n件）: the latest records, newest first, and さらに表示 while the device holds more. */
export function DiagnosisList({ list, onOpen }: Props) {
  const titleId = useId();
  const { loaded, failed, entries, total, showMore } = list;
  return (
    <Card role="region" aria-labelledby={titleId} className="diagnosis-list-card">
      <h2 id={titleId} className="diagnosis-list-title">
        {t.title(total)}
      </h2>
      {failed ? (
        <Alert type="error" showIcon title={jaDiagnosis.errors.titles.fetch} description={jaDiagnosis.errors.fetchFailed} />
      ) : !loaded ? (
        <div role="status" aria-label={t.loading} className="diagnosis-loading">
          <Spin />
        </div>
      ) : entries.length === 0 ? (
        <EmptyState description={t.empty} />
      ) : (
        <>
          <ul className="diagnosis-items">
            {entries.map((entry) => (
              <DiagnosisListItem key={entry.diagnosis.id} entry={entry} onOpen={onOpen} />
            ))}
          </ul>
          {entries.length < total && (
            <Button size="large" block className="diagnosis-more" onClick={showMore}>
              {t.more(entries.length, total)}
            </Button>
          )}
        </>
      )}
    </Card>
  );
}
