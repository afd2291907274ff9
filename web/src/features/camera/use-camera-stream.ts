import { useCallback, useEffect, useRef, useState } from 'react';
import type { CameraStatus } from '../../api/camera-probe';

/** Spec 9: ideal 1280×720 at 30 fps, 16:9, the front camera, no sound. */
export function cameraConstraints(deviceId: string | null): MediaStreamConstraints {
  return {
    audio: false,
    video: {
      ...(deviceId ? { deviceId: { exact: deviceId } } : { facingMode: 'user' }),
      width: { ideal: 1280 },
      height: { ideal: 720 },
      frameRate: { ideal: 30 },
      aspectRatio: { ideal: 16 / 9 },
    },
  };
}

export type CameraStream = { stream: MediaStream | null; status: CameraStatus; failed: boolean; restart: () => void };

/** This device's camera while `enabled`: starts by itself (spec 4), stops when the screen leaves. */
export function useCameraStream(enabled: boolean, deviceId: string | null): CameraStream {
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [status, setStatus] = useState<CameraStatus>('checking');
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const current = useRef<MediaStream | null>(null);

  useEffect(() => {
    if (!enabled) return;
    let active = true;
    setStatus('checking');
    setFailed(false);
    const start = async () => {
      try {
        const opened = await navigator.mediaDevices.getUserMedia(cameraConstraints(deviceId));
        if (!active) return opened.getTracks().forEach((track) => track.stop());
        current.current = opened;
        setStream(opened);
        setStatus('online');
      } catch {
        if (!active) return;
        setStatus('offline');
        setFailed(true);
      }
    };
    void start();
    return () => {
      active = false;
      current.current?.getTracks().forEach((track) => track.stop());
      current.current = null;
      setStream(null);
    };
  }, [enabled, deviceId, attempt]);

  const restart = useCallback(() => setAttempt((n) => n + 1), []);
  return { stream: enabled ? stream : null, status: enabled ? status : 'offline', failed: enabled && failed, restart };
}
