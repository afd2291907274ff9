import { useCallback, useEffect, useState } from 'react';

export type CameraChoice = { deviceId: string; label: string };
export type CameraInfo = { width: number | null; height: number | null; frameRate: number | null };
export type CameraProblem = 'none' | 'denied';

const listCameras = async (): Promise<CameraChoice[]> =>
  (await navigator.mediaDevices.enumerateDevices())
    .filter((d) => d.kind === 'videoinput')
    .map((d) => ({ deviceId: d.deviceId, label: d.label }));

/**
 * This device's cameras, by name once the person allowed the camera (browsers hide the names until
 * then), and what the chosen one gives: opened with the camera screen's request, read, closed.
 */
export function useCameras(deviceId: string | null) {
  const [cameras, setCameras] = useState<CameraChoice[] | null>(null);
  const [info, setInfo] = useState<CameraInfo | null>(null);
  const [problem, setProblem] = useState<CameraProblem | null>(null);
  const supported = typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';

  useEffect(() => {
    if (supported) void listCameras().then(setCameras, () => setCameras([]));
  }, [supported]);

  /** Opens the camera once: the browser asks for permission, names show, and its settings are read. */
  const check = useCallback(async () => {
    if (!supported) return;
    try {
      const video: MediaTrackConstraints = {
        width: { ideal: 1280 },
        height: { ideal: 720 },
        frameRate: { ideal: 30 },
        aspectRatio: { ideal: 16 / 9 },
      };
      if (deviceId) video.deviceId = { exact: deviceId };
      else video.facingMode = 'user';
      const stream = await navigator.mediaDevices.getUserMedia({ audio: false, video });
      const settings = stream.getVideoTracks()[0]?.getSettings() ?? {};
      stream.getTracks().forEach((track) => track.stop());
      setInfo({
        width: settings.width ?? null,
        height: settings.height ?? null,
        frameRate: settings.frameRate ? Math.round(settings.frameRate) : null,
      });
      setProblem('none');
      setCameras(await listCameras());
    } catch {
      setInfo(null);
      setProblem('denied');
    }
  }, [deviceId, supported]);

  return { cameras: supported ? cameras : [], info, problem, check };
}
