import { useEffect, useState } from 'react';
import { thumbnailUrl } from '../../media/media-file';

/** The capture's small picture from the device, released when the list forgets it. */
export function useThumbnail(mediaId: string): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let release = () => undefined as void;
    let active = true;
    void thumbnailUrl(mediaId).then(
      (opened) => {
        if (!opened) return;
        if (!active) return opened.release();
        release = opened.release;
        setUrl(opened.url);
      },
      () => undefined,
    );
    return () => {
      active = false;
      release();
      setUrl(null);
    };
  }, [mediaId]);
  return url;
}
