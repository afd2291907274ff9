import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec 9's camera request: ideal 1280×720, 30 fps, 16:9, front-facing, no sound. */
const REQUEST: MediaStreamConstraints = {
  video: {
    width: { ideal: 1280 },
    height: { ideal: 720 },
    frameRate: { ideal: 30 },
    aspectRatio: { ideal: 16 / 9 },
    facingMode: 'user',
  },
  audio: false,
};

/** The screen's own camera: opened on demand, one frame taken as a JPEG (quality 0.9), then closed. */
export function useInPageCamera() {
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [denied, setDenied] = useState(false);
  const current = useRef<MediaStream | null>(null);

  const close = useCallback(() => {
    current.current?.getTracks().forEach((track) => track.stop());
    current.current = null;
    setStream(null);
  }, []);

  const open = useCallback(async () => {
    setDenied(false);
    try {
      const opened = await navigator.mediaDevices.getUserMedia(REQUEST);
      current.current = opened;
      setStream(opened);
    } catch {
      // Refused, or no camera: either way the browser's settings are where to look.
      setDenied(true);
    }
  }, []);

  useEffect(() => close, [close]);

  /** The frame the camera shows now, as a JPEG; the camera closes after. */
  const capture = useCallback(
    async (video: HTMLVideoElement): Promise<Blob | null> => {
      const canvas = document.createElement('canvas');
      canvas.width = video.videoWidth;
      canvas.height = video.videoHeight;
      if (!canvas.width) return null;
      canvas.getContext('2d')?.drawImage(video, 0, 0);
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
      close();
      return blob;
    },
    [close],
  );

  return { stream, denied, open, close, capture };
}
