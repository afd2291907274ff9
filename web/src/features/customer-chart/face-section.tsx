import { japanDateTime } from '@clinic/sync-protocol/rules';
import { readFace } from '@clinic/sync-protocol/face';
import { useState } from 'react';
import { DetailDialog } from '../../components/detail-dialog';
import { EmotionTimeline, FaceCard, mainEmotions } from '../../components/face-result';
import { MediaViewer } from '../../components/media-viewer';
import type { LocalFaceAnalysis } from '../../data/clinic-db';
import { jaFace } from '../../i18n/ja-face';
import { useCustomerFaceAnalyses, useCustomerMedia } from '../../data/live';
import { SectionBody } from './chart-parts';
import { ChartSection, type ChartSectionProps } from './chart-section';

const t = jaFace;

/** 表情分析: the customer's analyses from the device, newest first; one opens with its photo or clip and results. */
export function FaceSection({ customerId }: ChartSectionProps) {
  const { loaded, data: rows = [] } = useCustomerFaceAnalyses(customerId);
  const media = useCustomerMedia(customerId).data ?? [];
  const [shown, setShown] = useState<LocalFaceAnalysis | null>(null);
  const shownMedia = shown?.mediaId ? (media.find((m) => m.id === shown.mediaId) ?? null) : null;
  return (
    <div className="chart-no-print">
      <ChartSection title={t.chart.title}>
        <SectionBody loaded={loaded} empty={rows.length === 0 ? t.chart.empty : null}>
          <ul className="chart-face-list">
            {rows.map((row) => (
              <li key={row.id}>
                <button type="button" className="chart-media-open" onClick={() => setShown(row)}>
                  <strong>{japanDateTime(row.analysedAt)}</strong>（{t.historyDialog.source[row.source]}）
                  <span className="chart-face-emotions">{mainEmotions(row.faces)}</span>
                </button>
              </li>
            ))}
          </ul>
        </SectionBody>
      </ChartSection>
      <MediaViewer media={shownMedia} onClose={() => setShown(null)}>
        {shown && <AnalysisDetail analysis={shown} />}
      </MediaViewer>
      {shown && !shownMedia && <AnalysisOnly analysis={shown} onClose={() => setShown(null)} />}
    </div>
  );
}

function AnalysisDetail({ analysis }: { analysis: LocalFaceAnalysis }) {
  return (
    <div className="chart-face-detail">
      <p>{t.processingTime(analysis.processingTime)}</p>
      {analysis.frames && <EmotionTimeline frames={analysis.frames} />}
      {analysis.faces.map((face, i) => (
        <FaceCard key={i} face={readFace(face)} index={i} showTitle={analysis.faces.length > 1} />
      ))}
    </div>
  );
}

/** An analysis whose photo was not kept (settings saveImages off): its results alone. */
function AnalysisOnly({ analysis, onClose }: { analysis: LocalFaceAnalysis; onClose: () => void }) {
  return (
    <DetailDialog
      open
      title={`${t.chart.title}（${japanDateTime(analysis.analysedAt)}）`}
      onClose={onClose}
      width={520}
    >
      <AnalysisDetail analysis={analysis} />
    </DetailDialog>
  );
}
