import {
  type Face,
  type FaceImageType,
  type FaceView,
  FACE_SNIFF_BYTES,
  checkFaceImage,
  readFace,
  readFaces,
} from '@clinic/sync-protocol/face';
import { useCallback, useEffect, useRef, useState } from 'react';
import { analyzeOnServer } from '../../api/face-analysis';
import { FaceEngineError, analyzeFaces, warmFaceEngine } from '../../face';
import { jaFace } from '../../i18n/ja-face';
import { DEVICE_ENGINE, saveFaceAnalysis } from '../../face/save-analysis';
import type { FaceDebugFacts } from '../../components/face-result';
import { pictureFacts } from '../../media/thumbnail';
import { faceLog } from './face-operation-log';

const t = jaFace;

/** Spec 4: no image → image selected → analysing → result, no-face warning or error. */
export type Phase = 'empty' | 'ready' | 'analysing' | 'done' | 'noFace' | 'error';
export type Picked = { blob: Blob; url: string; type: FaceImageType };
export type Target = { customerId: string; visitId: string | null };
/** `debug`: the engine's own figures, shown with settings デバッグモード. */
export type Outcome = { faces: FaceView[]; processingTime: number; debug: FaceDebugFacts } | null;

export type FaceSession = {
  phase: Phase;
  picked: Picked | null;
  outcome: Outcome;
  /** The warning or error under the photo (no face, 分析エラー: …). */
  message: string | null;
  /** The photo to analyse, or why it is refused (spec 5's words). */
  select(blob: Blob): Promise<{ refused: string } | { picked: Picked }>;
  /** `image`: the photo just selected (settings 自動分析), before the screen has shown it. */
  analyze(target: Target | null, saveImages: boolean, image?: Picked): Promise<void>;
  reset(): void;
};

type Feedback = { success(text: string): void; error(text: string): void; warning(text: string): void };

/** The face-analysis screen's state and its one write: the result (and photo) kept as a synced record. */
export function useFaceSession(feedback: Feedback): FaceSession {
  const [phase, setPhase] = useState<Phase>('empty');
  const [shown, setPicked] = useState<Picked | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [message, setMessage] = useState<string | null>(null);
  const url = useRef<string | null>(null);

  useEffect(() => {
    // The models load while the clinician picks the patient and the photo.
    void warmFaceEngine();
    return () => {
      if (url.current) URL.revokeObjectURL(url.current);
    };
  }, []);

  const reset = useCallback(() => {
    if (url.current) URL.revokeObjectURL(url.current);
    url.current = null;
    setPicked(null);
    setOutcome(null);
    setMessage(null);
    setPhase('empty');
  }, []);

  const select = useCallback(async (blob: Blob) => {
    const head = new Uint8Array(await blob.slice(0, FACE_SNIFF_BYTES).arrayBuffer());
    const check = checkFaceImage(head, blob.size);
    if (!check.ok) return { refused: check.message };
    if (url.current) URL.revokeObjectURL(url.current);
    url.current = URL.createObjectURL(blob);
    const chosen = { blob, url: url.current, type: check.type };
    setPicked(chosen);
    setOutcome(null);
    setMessage(null);
    setPhase('ready');
    return { picked: chosen };
  }, []);

  const fail = useCallback((reason: string) => {
    setMessage(t.analysisError(reason));
    setPhase('error');
  }, []);

  /** Shows an answer's faces, or the no-face warning; true when there are faces. */
  const show = useCallback(
    (faces: readonly Record<string, unknown>[], processingTime: number, debug: Omit<FaceDebugFacts, 'faces'>) => {
      const views = faces.map(readFace);
      faceLog.display(views);
      setOutcome({ faces: views, processingTime, debug: { ...debug, faces } });
      if (faces.length === 0) {
        setMessage(`${t.noFace}：${t.noFaceReason}`);
        setPhase('noFace');
        return false;
      }
      setPhase('done');
      feedback.success(t.success);
      return true;
    },
    [feedback],
  );

  /** This browser cannot run the models: the server analyses and keeps the result, read in any engine's shape. */
  const analyzeRemotely = useCallback(
    async (picked: Picked, target: Target, saveImages: boolean) => {
      try {
        const data = await analyzeOnServer(picked.blob, target, saveImages);
        const faces = readFaces(data);
        faceLog.success('server', faces, data.processingTime);
        show(faces, data.processingTime, { engine: 'server', processingTime: data.processingTime });
      } catch (error) {
        const reason = error instanceof Error && error.message ? error.message : t.analysisFailed;
        faceLog.error('server', reason, 'server');
        fail(reason);
      }
    },
    [show, fail],
  );

  const analyze = useCallback(
    async (target: Target | null, saveImages: boolean, image?: Picked) => {
      const picked = image ?? shown;
      if (!picked) return feedback.error(t.noImage);
      if (!target) return feedback.error(t.customerRequired);
      setPhase('analysing');
      setMessage(null);
      faceLog.start('device', { type: picked.type, bytes: picked.blob.size });
      let faces: Face[];
      let processingTime: number;
      let size: { width: number; height: number };
      const started = performance.now();
      try {
        const result = await analyzeFaces(picked.blob);
        ({ faces, processingTime } = result);
        size = { width: result.width, height: result.height };
      } catch (error) {
        if (error instanceof FaceEngineError && error.stage === 'load' && navigator.onLine)
          return analyzeRemotely(picked, target, saveImages);
        const stage = error instanceof FaceEngineError ? error.stage : 'analyze';
        const reason =
          stage === 'load'
            ? t.modelFailed
            : error instanceof FaceEngineError && error.message === 'image'
              ? t.imageUnreadable
              : t.analysisFailed;
        faceLog.error('device', reason, stage);
        return fail(reason);
      }
      faceLog.success('device', faces, processingTime);
      const debug = { engine: DEVICE_ENGINE, processingTime, totalTime: performance.now() - started, image: size };
      if (!show(faces, processingTime, debug)) return;
      try {
        const facts = saveImages ? await pictureFacts(picked.blob) : null;
        const photo = facts
          ? {
              mime: picked.type,
              blob: picked.blob,
              thumbnail: facts.thumbnail,
              width: facts.width,
              height: facts.height,
              duration: null,
              quality: null,
            }
          : undefined;
        await saveFaceAnalysis({
          ...target,
          source: 'photo',
          faces,
          frames: null,
          processingTime,
          ...(photo && { photo }),
        });
      } catch (error) {
        feedback.error(error instanceof Error && error.message ? `${t.saveFailed}：${error.message}` : t.saveFailed);
      }
    },
    [shown, feedback, show, fail, analyzeRemotely],
  );

  return { phase, picked: shown, outcome, message, select, analyze, reset };
}
