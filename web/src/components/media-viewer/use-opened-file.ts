import { useEffect, useState } from 'react';
import { openMediaFile } from '../../sync/media/media-file';

export type OpenedState = { url: string | null; error: string | null };

/** The capture's file while the viewer shows it: from the device, or streamed from the server. */
export function useOpenedFile(mediaId: string | null): OpenedState {
  const [state, setState] = useState<OpenedState>({ url: null, error: null });
  useEffect(() => {
    setState({ url: null, error: null });
    if (!mediaId) return;
    let active = true;
    let release = () => undefined as void;
    openMediaFile(mediaId).then(
      (opened) => {
        if (!active) return opened.release();
        release = opened.release;
        setState({ url: opened.url, error: null });
      },
      (error: unknown) => active && setState({ url: null, error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      active = false;
      release();
    };
  }, [mediaId]);
  return state;
}
