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
  const [attempt, setAttempt] = useState(0);
  // The camera asked for now; until its answer comes, the status is 'checking'.
  const request = JSON.stringify([deviceId, attempt]);
  const [answer, setAnswer] = useState<{ request: string; stream: MediaStream | null } | null>(null);
  const current = useRef<MediaStream | null>(null);

  useEffect(() => {
    if (!enabled) return;
    let active = true;
    const start = async () => {
      try {
        const opened = await navigator.mediaDevices.getUserMedia(cameraConstraints(deviceId));
        if (!active) return opened.getTracks().forEach((track) => track.stop());
        current.current = opened;
        setAnswer({ request, stream: opened });
      } catch {
        if (active) setAnswer({ request, stream: null });
      }
    };
    void start();
    return () => {
      active = false;
      current.current?.getTracks().forEach((track) => track.stop());
      current.current = null;
      setAnswer(null); // its stream is stopped: the same camera asked again waits for a new one
    };
  }, [enabled, deviceId, request]);

  const restart = useCallback(() => setAttempt((n) => n + 1), []);
  if (!enabled) return { stream: null, status: 'offline', failed: false, restart };
  if (answer?.request !== request) return { stream: null, status: 'checking', failed: false, restart };
  return { stream: answer.stream, status: answer.stream ? 'online' : 'offline', failed: !answer.stream, restart };
}
