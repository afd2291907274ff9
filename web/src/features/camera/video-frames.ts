import type { VideoAnalysisSettings } from '@clinic/sync-protocol/settings';

/** When each analysed frame is taken: every `samplingInterval` seconds from the start, at most `maxFrames`. */
export function sampleTimes(
  duration: number,
  settings: Pick<VideoAnalysisSettings, 'samplingInterval' | 'maxFrames'>,
): number[] {
  const times: number[] = [];
  for (let at = 0; at < duration && times.length < settings.maxFrames; at += settings.samplingInterval)
    times.push(Math.round(at * 1000) / 1000);
  return times;
}

function once(target: EventTarget, event: string, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      target.removeEventListener(event, done);
      target.removeEventListener('error', failed);
      resolve();
    };
    const failed = () => {
      target.removeEventListener(event, done);
      reject(new Error('video'));
    };
    target.addEventListener(event, done);
    target.addEventListener('error', failed);
    signal?.addEventListener('abort', failed);
  });
}

/**
 * The clip in a hidden <video>, ready to seek. A browser's own WebM recording carries no duration, so
 * `known` (the recorder's) is used when the file does not say.
 */
export async function openClip(
  url: string,
  known: number | null,
  signal?: AbortSignal,
): Promise<{ video: HTMLVideoElement; duration: number }> {
  const video = document.createElement('video');
  video.muted = true;
  video.preload = 'auto';
  video.playsInline = true;
  video.src = url;
  await once(video, 'loadeddata', signal);
  const duration = Number.isFinite(video.duration) && video.duration > 0 ? video.duration : (known ?? 0);
  return { video, duration };
}

/**
 * The frame at `at` seconds, scaled to fit `maxWidth` × `maxHeight` and encoded as a JPEG at `quality`
 * (settings 動画分析), the picture the analysis sees.
 */
export async function frameAt(
  video: HTMLVideoElement,
  at: number,
  settings: Pick<VideoAnalysisSettings, 'maxWidth' | 'maxHeight' | 'quality'>,
  signal?: AbortSignal,
): Promise<Blob> {
  if (Math.abs(video.currentTime - at) > 0.001 || at === 0) {
    const seeked = once(video, 'seeked', signal);
    video.currentTime = at;
    await seeked;
  }
  const scale = Math.min(1, settings.maxWidth / video.videoWidth, settings.maxHeight / video.videoHeight);
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(video.videoWidth * scale));
  canvas.height = Math.max(1, Math.round(video.videoHeight * scale));
  canvas.getContext('2d')?.drawImage(video, 0, 0, canvas.width, canvas.height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', settings.quality));
  if (!blob) throw new Error('frame');
  return blob;
}
