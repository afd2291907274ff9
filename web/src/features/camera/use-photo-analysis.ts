import { useCallback, useState } from 'react';
import { useToast } from '../../components/toast';
import type { LocalMedia } from '../../data/clinic-db';
import { FaceEngineError } from '../../face';
import { jaFace } from '../../i18n/ja-face';
import { analyzeStoredPhoto } from './photo-analysis';

/** 表情を分析 in a photo's preview: runs once per press; the result appears there (it is kept with the photo). */
export function usePhotoAnalysis(media: LocalMedia | null) {
  const toast = useToast();
  // The photo being analysed: another one opened in the preview is not shown as busy.
  const [running, setRunning] = useState<string | null>(null);

  const run = useCallback(async () => {
    if (!media || media.kind !== 'photo') return;
    setRunning(media.id);
    try {
      await analyzeStoredPhoto(media);
    } catch (error) {
      toast.error(
        error instanceof FaceEngineError && error.stage === 'load'
          ? jaFace.analysisError(jaFace.modelFailed)
          : error instanceof Error && error.message && !(error instanceof FaceEngineError)
            ? `${jaFace.photo.failed}：${error.message}`
            : jaFace.photo.failed,
      );
    } finally {
      setRunning((id) => (id === media.id ? null : id));
    }
  }, [media, toast]);

  return { running: running !== null && running === media?.id, run };
}
