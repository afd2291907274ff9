import { useState } from 'react';
import { MediaThumb } from '../../components/media-thumb';
import { MediaViewer } from '../../components/media-viewer';
import type { LocalMedia } from '../../data/clinic-db';
import { ja } from '../../i18n/ja';
import { useCustomerMedia } from '../../data/live/media';
import { SectionBody } from './chart-parts';
import { ChartSection, type ChartSectionProps } from './chart-section';

const t = ja.chart.media;

/** 写真・動画: the customer's captures from the device, newest first, each opening to view or play (offline too). */
export function MediaSection({ customerId }: ChartSectionProps) {
  const { loaded, data: rows = [] } = useCustomerMedia(customerId);
  const [shown, setShown] = useState<LocalMedia | null>(null);
  return (
    // Pictures are left off the printed chart.
    <div className="chart-no-print">
      <ChartSection title={t.title}>
        <SectionBody loaded={loaded} empty={rows.length === 0 ? t.empty : null}>
          <ul className="chart-media-list">
            {rows.map((media) => (
              <li key={media.id}>
                {/* Named by what it shows (the picture's 写真（…） and its facts), as axe asks of a visible label. */}
                <button type="button" className="chart-media-open" onClick={() => setShown(media)}>
                  <MediaThumb media={media} />
                </button>
              </li>
            ))}
          </ul>
        </SectionBody>
      </ChartSection>
      <MediaViewer media={shown} onClose={() => setShown(null)} />
    </div>
  );
}
