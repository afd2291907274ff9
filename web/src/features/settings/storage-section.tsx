import { Progress } from 'antd';
import { useEffect, useState } from 'react';
import { formatBytes } from '../../components/media-thumb';
import { jaSettings } from '../../i18n/ja-settings';
import { useWaitingUploadCount } from '../../data/live/media';

const t = jaSettings.storage;

/** What this device holds for the app and may hold, and how many captures still wait to be sent. */
export function StorageSection() {
  const [estimate, setEstimate] = useState<StorageEstimate | null | undefined>(undefined);
  const waiting = useWaitingUploadCount();
  useEffect(() => {
    void (navigator.storage?.estimate?.() ?? Promise.reject(new Error('none'))).then(setEstimate, () =>
      setEstimate(null),
    );
  }, [waiting]);
  const usage = estimate?.usage ?? 0;
  const quota = estimate?.quota ?? 0;
  return (
    <section className="settings-section" aria-labelledby="settings-storage">
      <h2 id="settings-storage">{t.title}</h2>
      {estimate === null || (estimate && !quota) ? (
        <p>{t.unknown}</p>
      ) : estimate ? (
        <>
          <Progress percent={Math.min(100, Math.round((usage / quota) * 1000) / 10)} aria-label={t.title} />
          <p>{t.used(formatBytes(usage), formatBytes(quota))}</p>
        </>
      ) : null}
      <dl className="settings-facts">
        <dt>{t.waiting}</dt>
        <dd>{t.waitingValue(waiting)}</dd>
      </dl>
    </section>
  );
}
