import { type RefObject, useCallback } from 'react';
import { useToast } from '../../components/toast';
import { formatDuration } from '../../components/media-thumb';
import { jaCamera } from '../../i18n/ja-camera';
import { jaMedia } from '../../i18n/ja-media';
import { saveCapture } from '../../media/capture-store';
import { useSyncStatus } from '../../sync';
import { grabFrame, thumbnailOf } from './frame-capture';
import { readImportedFile } from './import-file';
import { recordableSeconds } from './storage-room';
import { type RecorderResult, type RecordingTarget, useRecorder } from './use-recorder';

const t = jaCamera;

/**
 * What the screen's buttons do: a photo, a recording and a file taken in, each kept on the device at
 * once, and said so as it is: sent now when online, later when not. A photo is not face-analysed
 * unasked (its preview has the button): treatment photos are of shoulders and backs.
 */
export function useCaptures(
  video: RefObject<HTMLVideoElement | null>,
  stream: MediaStream | null,
  target: RecordingTarget | null,
) {
  const toast = useToast();
  const { online } = useSyncStatus();

  const onRecorded = useCallback(
    (result: RecorderResult) => {
      if (result.kind === 'failed') return toast.error(`${t.uploadFailed}：${result.message}`);
      if (result.diskFull) toast.warning(t.diskFull);
      else toast.success(t.videoSaved(formatDuration(result.seconds), online));
    },
    [toast, online],
  );
  const recorder = useRecorder(stream, onRecorded);

  const photo = useCallback(async () => {
    if (!target || !video.current) return;
    try {
      const frame = await grabFrame(video.current);
      await saveCapture({
        ...target,
        kind: 'photo',
        mime: 'image/jpeg',
        blob: frame.jpeg,
        thumbnail: frame.thumbnail,
        duration: null,
        width: frame.width,
        height: frame.height,
        quality: frame.quality.score,
      });
      toast.success(t.photoSaved(online));
    } catch (error) {
      toast.error(
        error instanceof Error && error.name === 'LocalWriteError'
          ? `${t.photoFailed}：${error.message}`
          : t.photoFailed,
      );
    }
  }, [target, video, toast, online]);

  const record = useCallback(async () => {
    if (recorder.recording) return recorder.stop();
    if (!target || !video.current) return;
    const seconds = await recordableSeconds();
    if (seconds !== null && seconds < 60) return toast.error(t.noSpace(0));
    if (seconds !== null && seconds < 10 * 60) toast.warning(t.noSpace(Math.floor(seconds / 60)));
    const element = video.current;
    const poster = element.videoWidth
      ? await thumbnailOf(element, element.videoWidth, element.videoHeight).then(
          (s) => s.blob,
          () => null,
        )
      : null;
    await recorder.start(target, poster, seconds).catch(() => toast.error(t.initFailed));
  }, [recorder, target, video, toast]);

  const importFile = useCallback(
    async (file: File) => {
      if (!target) return;
      try {
        const imported = await readImportedFile(file);
        await saveCapture({ ...target, ...imported });
        toast.success(t.imported(jaMedia.kinds[imported.kind]));
      } catch (error) {
        toast.error(error instanceof Error ? error.message : String(error));
      }
    },
    [target, toast],
  );

  return { recording: recorder.recording, elapsed: recorder.elapsed, photo, record, importFile };
}
