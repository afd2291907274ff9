import { useEffect, useState } from 'react';
import type { LocalMedia } from '../../db/clinic-db';
import { thumbnailUrl } from '../../sync/media/media-file';
import { type FaceFacts, type Quality, scoreFrame } from './quality/score';

/**
 * The quality score with its parts, measured again on the device from the capture's thumbnail (a
 * photo's scaled copy, a video's first frame): the stored record keeps only the total.
 */
export function useFrameQuality(media: LocalMedia | null, face?: FaceFacts): Quality | null {
  const [quality, setQuality] = useState<Quality | null>(null);
  useEffect(() => {
    setQuality(null);
    if (!media) return;
    let active = true;
    void (async () => {
      const opened = await thumbnailUrl(media.id);
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
        const measured = scoreFrame(context.getImageData(0, 0, canvas.width, canvas.height), face);
        if (active) setQuality(measured);
      } catch {
        // No picture to measure: the dialog says there is no score.
      } finally {
        opened.release();
      }
    })();
    return () => {
      active = false;
    };
    // The face facts are compared by value: a new object for the same analysis measures nothing again.
  }, [media, face?.found, face?.areaShare]);
  return quality;
}
