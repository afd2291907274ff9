import { useEffect, useState } from 'react';
import { thumbnailUrl } from '../../media/media-file';

/**
 * The capture's small picture (this device's, else the server's once it holds the capture), released
 * when the list forgets it. Asked again when the capture reaches the server.
 */
export function useThumbnail({ id: mediaId, uploaded }: { id: string; uploaded: boolean }): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let release = () => undefined as void;
    let active = true;
    void thumbnailUrl({ id: mediaId, uploaded }).then(
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
  }, [mediaId, uploaded]);
  return url;
}
