import { useEffect, useState } from 'react';
import { openMediaFile } from '../../media/media-file';

export type OpenedState = { url: string | null; error: string | null };

const NOTHING_YET: OpenedState = { url: null, error: null };

/** The capture's file while the viewer shows it: from the device, or streamed from the server. */
export function useOpenedFile(mediaId: string | null): OpenedState {
  // Kept with the id it was opened for: while another capture's file is opening, the last one's is not shown.
  const [opened, setOpened] = useState<OpenedState & { mediaId: string }>();
  useEffect(() => {
    if (!mediaId) return;
    let active = true;
    let release = () => undefined as void;
    openMediaFile(mediaId).then(
      (file) => {
        if (!active) return file.release();
        release = file.release;
        setOpened({ mediaId, url: file.url, error: null });
      },
      (error: unknown) =>
        active && setOpened({ mediaId, url: null, error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      active = false;
      release();
      setOpened(undefined); // its address no longer opens anything, even if this same capture is shown again
    };
  }, [mediaId]);
  return opened && opened.mediaId === mediaId ? opened : NOTHING_YET;
}
