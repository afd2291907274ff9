import { MediaViewer } from '../../components/media-viewer';
import { StatusTag } from '../../components/status-tag';
import type { LocalMedia } from '../../data/clinic-db';
import { jaCamera } from '../../i18n/ja-camera';
import { useAppSettings } from '../../data/app-settings';
import { useMediaFaceAnalysis } from '../../data/live';
import { PreviewAnalysis } from './preview-analysis';
import { faceFacts } from './quality/face-facts';
import { useFrameQuality } from './use-frame-quality';
import { usePhotoAnalysis } from './use-photo-analysis';
import { useVideoAnalysis } from './use-video-analysis';
import { qualityBand } from './quality/score';

const t = jaCamera.quality;
/** Spec 9's green / orange / red, in shades that read at 4.5:1. */
const BAND_TONES = { green: 'ok', orange: 'warn', red: 'error' } as const;

/** The capture, played or shown, with its quality score (spec 2) and what the score is made of. */
export function PreviewDialog({ media, onClose }: { media: LocalMedia | null; onClose: () => void }) {
  const analysis = useMediaFaceAnalysis(media?.id ?? null).data ?? null;
  const quality = useFrameQuality(
    media,
    analysis && analysis.source === 'photo' ? faceFacts(analysis.faces) : undefined,
  );
  const { settings } = useAppSettings();
  const video = useVideoAnalysis(media, settings.videoAnalysis);
  const photo = usePhotoAnalysis(media);
  return (
    <MediaViewer media={media} onClose={onClose}>
      {media && (
        <PreviewAnalysis
          media={media}
          analysis={analysis}
          progress={video.progress}
          onAnalyzeVideo={() => void video.run()}
          onCancel={video.cancel}
          photoAnalysing={photo.running}
          onAnalyzePhoto={() => void photo.run()}
          debug={settings.debugMode}
        />
      )}
      <section className="camera-quality" aria-label={t.title}>
        {quality ? (
          <>
            <StatusTag tone={BAND_TONES[qualityBand(quality.score)]} className="camera-quality-chip">
              {t.score(quality.score)}
            </StatusTag>
            <dl className="camera-quality-parts">
              {quality.parts.map((part) => (
                <div key={part.key}>
                  <dt>{t.parts[part.key].label}</dt>
                  <dd>
                    {part.score}点（{t.parts[part.key].detail(part.value)}）
                  </dd>
                </div>
              ))}
            </dl>
            <p className="camera-quality-help">{t.help}</p>
          </>
        ) : (
          <p>{t.none}</p>
        )}
      </section>
    </MediaViewer>
  );
}
