import { readFace } from '@clinic/sync-protocol/face';
import { Button, Progress } from 'antd';
import { EmotionTimeline, FaceCard, FaceDebug } from '../../components/face-result';
import type { LocalFaceAnalysis, LocalMedia } from '../../data/clinic-db';
import { jaFace } from '../../i18n/ja-face';
import type { VideoProgress } from './use-video-analysis';

const t = jaFace;

type Props = {
  media: LocalMedia;
  analysis: LocalFaceAnalysis | null;
  progress: VideoProgress;
  onAnalyzeVideo: () => void;
  onCancel: () => void;
  /** A photo is analysed when the person asks (this button), never unasked. */
  photoAnalysing: boolean;
  onAnalyzePhoto: () => void;
  /** Settings デバッグモード: the stored result's raw figures and timing. */
  debug?: boolean;
};

/**
 * The capture's expression analysis in its preview: a photo's faces with 表情を分析, or a clip's
 * timeline with 動画を分析. A photo without a face says so plainly: it was asked for, it is no fault.
 */
export function PreviewAnalysis({
  media,
  analysis,
  progress,
  onAnalyzeVideo,
  onCancel,
  photoAnalysing,
  onAnalyzePhoto,
  debug = false,
}: Props) {
  return (
    <section className="camera-analysis" aria-label={t.chart.title}>
      <h3 className="camera-analysis-title">{t.chart.title}</h3>
      {media.kind === 'video' &&
        (progress ? (
          <div className="camera-analysis-progress" role="status">
            <Progress
              percent={progress.total ? Math.round((progress.done / progress.total) * 100) : 0}
              aria-label={t.video.progress(progress.done, progress.total)}
            />
            <span>{t.video.progress(progress.done, progress.total)}</span>
            <Button size="large" onClick={onCancel}>
              {t.video.cancel}
            </Button>
          </div>
        ) : (
          <Button size="large" onClick={onAnalyzeVideo}>
            {t.video.analyze}
          </Button>
        ))}
      {media.kind === 'photo' && !analysis && (
        <Button size="large" loading={photoAnalysing} onClick={onAnalyzePhoto}>
          {t.photo.analyze}
        </Button>
      )}
      {analysis && (
        <>
          <p className="camera-analysis-time">{t.processingTime(analysis.processingTime)}</p>
          {analysis.frames && <EmotionTimeline frames={analysis.frames} />}
          {analysis.faces.length === 0 && !analysis.frames && <p>{t.noFace}</p>}
          {analysis.source === 'photo' &&
            analysis.faces.map((face, i) => (
              <FaceCard key={i} face={readFace(face)} index={i} showTitle={analysis.faces.length > 1} />
            ))}
          {debug && (
            <FaceDebug
              facts={{
                engine: analysis.engine,
                processingTime: analysis.processingTime,
                faces: analysis.frames ?? analysis.faces,
              }}
            />
          )}
        </>
      )}
    </section>
  );
}
