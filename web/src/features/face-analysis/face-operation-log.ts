import type { FaceView } from '@clinic/sync-protocol/face';
import { logOperation } from '../../telemetry/operation-log';

type Engine = 'device' | 'server';

/** The operation log of the face screen (spec 3 "Operation types"): what happened, never who the patient is. */
export const faceLog = {
  start(engine: Engine, image: { type: string; bytes: number }) {
    logOperation('face_analysis_start', { data: { engine, imageType: image.type, imageBytes: image.bytes } });
  },
  success(engine: Engine, faces: readonly unknown[], processingTime: number) {
    logOperation('face_analysis_success', {
      data: { engine, faces: faces.length, processingTime },
      apiResponse: { success: true, engine, data: { analysisResult: { faces }, processingTime } },
    });
  },
  /**
   * Never with the photo: the operation log is anonymous, kept apart from the patient's record (not
   * deleted with them, its reads not audited), so a patient's face must not go there.
   */
  error(engine: Engine, reason: string, stage: string) {
    logOperation('face_analysis_error', {
      data: { engine },
      error: { message: reason, code: stage },
      apiResponse: { success: false, engine, error: reason },
    });
  },
  /** A result the cards could not show in full: emotions, or age and gender, missing or unreadable. */
  display(faces: readonly FaceView[]) {
    const broken = (test: (face: FaceView) => boolean) =>
      faces.map((face, i) => (test(face) ? i + 1 : 0)).filter(Boolean);
    const noEmotions = broken(
      (face) => face.emotions.length === 0 || face.emotions.some((e) => !Number.isFinite(e.share)),
    );
    const noAgeGender = broken((face) => face.age === null || face.gender === null);
    if (noEmotions.length > 0) {
      logOperation('emotion_display_error', {
        data: { faces: noEmotions },
        error: { message: `感情を表示できない顔があります（${noEmotions.join('・')}人目）` },
      });
    }
    if (noAgeGender.length > 0) {
      logOperation('age_gender_display_error', {
        data: { faces: noAgeGender },
        error: { message: `年齢・性別を表示できない顔があります（${noAgeGender.join('・')}人目）` },
      });
    }
  },
};
