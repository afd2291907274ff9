import type { FaceFrame } from '@clinic/sync-protocol';
import type { VideoAnalysisSettings } from '@clinic/sync-protocol/settings';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useToast } from '../../components/toast';
import type { LocalMedia } from '../../data/clinic-db';
import { FaceEngineError, analyzeFaces } from '../../face';
import { jaFace } from '../../i18n/ja-face';
import { saveFaceAnalysis } from '../../face/save-analysis';
import { recordFrameTiming } from '../../face/frame-timing';
import { openMediaFile } from '../../media/media-file';
import { frameAt, openClip, sampleTimes } from './video-frames';

const t = jaFace.video;

export type VideoProgress = { done: number; total: number } | null;

/**
 * 動画を分析: samples the clip at the settings' interval, analyses each frame in the worker (the screen
 * stays responsive), shows progress, can be cancelled, and keeps the result with the clip. The time it
 * took per frame feeds the settings' prediction box.
 */
export function useVideoAnalysis(media: LocalMedia | null, settings: VideoAnalysisSettings) {
  const toast = useToast();
  const [progress, setProgress] = useState<VideoProgress>(null);
  const running = useRef<AbortController | null>(null);

  const cancel = useCallback(() => running.current?.abort(), []);
  useEffect(() => cancel, [cancel, media]);

  const run = useCallback(async () => {
    if (!media || media.kind !== 'video' || running.current) return;
    if (!settings.enabled) return toast.info(t.disabled);
    const controller = new AbortController();
    running.current = controller;
    const started = performance.now();
    let opened: { release(): void } | null = null;
    try {
      const file = await openMediaFile(media.id);
      opened = file;
      const { video, duration } = await openClip(file.url, media.duration, controller.signal);
      const times = sampleTimes(duration, settings);
      const frames: FaceFrame[] = [];
      setProgress({ done: 0, total: times.length });
      for (const at of times) {
        const picture = await frameAt(video, at, settings, controller.signal);
        const result = await analyzeFaces(picture, {
          max: { width: settings.maxWidth, height: settings.maxHeight },
          signal: controller.signal,
        });
        frames.push({ at, faces: result.faces });
        setProgress({ done: frames.length, total: times.length });
      }
      const elapsed = performance.now() - started;
      await recordFrameTiming(frames.length, elapsed);
      const best = frames.reduce<FaceFrame | null>(
        (top, frame) => (frame.faces.length > (top?.faces.length ?? 0) ? frame : top),
        null,
      );
      await saveFaceAnalysis({
        customerId: media.customerId,
        visitId: media.visitId,
        source: 'video',
        mediaId: media.id,
        faces: best?.faces ?? [],
        frames,
        processingTime: elapsed,
      });
      toast.success(t.done(frames.length, frames.filter((f) => f.faces.length > 0).length));
    } catch (error) {
      if (controller.signal.aborted) toast.info(t.cancelled);
      else
        toast.error(
          error instanceof FaceEngineError && error.stage === 'load'
            ? jaFace.analysisError(jaFace.modelFailed)
            : error instanceof Error && error.name === 'LocalWriteError'
              ? `${jaFace.saveFailed}：${error.message}`
              : t.failed,
        );
    } finally {
      opened?.release();
      running.current = null;
      setProgress(null);
    }
  }, [media, settings, toast]);

  return { progress, run, cancel };
}
