import { useEffect, useState } from 'react';
import type { LocalMedia } from '../../data/clinic-db';
import { thumbnailUrl } from '../../media/media-file';
import { type FaceFacts, type Quality, scoreFrame } from './quality/score';

/**
 * The quality score with its parts, measured again on the device from the capture's thumbnail (a
 * photo's scaled copy, a video's first frame): the stored record keeps only the total.
 */
export function useFrameQuality(media: LocalMedia | null, face?: FaceFacts): Quality | null {
  // The face facts are compared by value: a new object for the same analysis measures nothing again.
  const found = face?.found;
  const areaShare = face?.areaShare;
  // The frame measured now; a score measured for another one is not shown.
  const measuring = media ? JSON.stringify([media.id, found, areaShare]) : null;
  const [measured, setMeasured] = useState<{ of: string; quality: Quality } | null>(null);
  useEffect(() => {
    if (!media || measuring === null) return;
    const facts = found === undefined || areaShare === undefined ? undefined : { found, areaShare };
    let active = true;
    void (async () => {
      const opened = await thumbnailUrl(media);
      if (!opened) return;
      try {
        const image = new Image();
        image.src = opened.url;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = image.naturalWidth;
        canvas.height = image.naturalHeight;
        const context = canvas.getContext('2d');
        if (!context || !canvas.width) return;
        context.drawImage(image, 0, 0);
        const quality = scoreFrame(context.getImageData(0, 0, canvas.width, canvas.height), facts);
        if (active) setMeasured({ of: measuring, quality });
      } catch {
        // No picture to measure: the dialog says there is no score.
      } finally {
        opened.release();
      }
    })();
    return () => {
      active = false;
    };
  }, [media, measuring, found, areaShare]);
  return measured?.of === measuring ? measured.quality : null;
}
