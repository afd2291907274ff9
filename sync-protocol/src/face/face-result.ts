/**
 * Facial-expression results in the spec's shape (3 "Face analysis response"), whatever engine made
 * them: face-api on the device or the server maps its output here, and the screen reads any answer
 * through readFaces, which also takes the Rekognition-like answers of the original cloud service.
 * Zod-free, so the analysis worker and the screen use it without the schemas.
 */
export const EMOTION_TYPES = ['HAPPY', 'SAD', 'ANGRY', 'SURPRISED', 'DISGUSTED', 'FEAR', 'CONFUSED', 'CALM'] as const;
export type EmotionType = (typeof EMOTION_TYPES)[number];

/** Confidences are percentages (0-100), as the spec's service gave them. */
export type Emotion = { type: EmotionType; confidence: number };
export type BoundingBox = { left: number; top: number; width: number; height: number };
/**
 * A face's landmark-derived features (spec 3 `features`), by name: a smile, open eyes, a turn of the head.
 * The engines this app runs (face-api's SSD detector with its expression and age/gender nets, on the device
 * and on the server) locate no landmarks, so their faces carry an EMPTY object here, never invented
 * figures; an engine that measures landmarks puts what it derives from them under their names.
 */
export type FaceFeatures = Record<string, number | boolean>;
export type Face = {
  emotions: Emotion[];
  demographics: { age: { low: number; high: number }; gender: { value: 'Female' | 'Male'; confidence: number } } | null;
  boundingBox: BoundingBox | null;
  features: FaceFeatures;
  /** The capture's quality score (0-100, spec 9) where the picture had one measured; null otherwise. */
  quality: { score: number } | null;
  confidence: number;
};
export type FaceAnalysisResult = { faces: Face[] };

/**
 * face-api's seven expressions as the spec names them. `neutral` is CALM and `fearful` FEAR;
 * CONFUSED has no counterpart and is left out, never invented.
 */
const FACE_API_EXPRESSIONS: Record<string, EmotionType> = {
  happy: 'HAPPY',
  sad: 'SAD',
  angry: 'ANGRY',
  surprised: 'SURPRISED',
  disgusted: 'DISGUSTED',
  fearful: 'FEAR',
  neutral: 'CALM',
};

/** How far either side of face-api's single age estimate the spec's range reaches. */
export const AGE_MARGIN = 5;

export type FaceApiDetection = {
  /** Probabilities 0-1 by face-api's expression names. */
  expressions: Record<string, number>;
  age?: number;
  gender?: string;
  genderProbability?: number;
  /** Detector score 0-1 and the box in source pixels. */
  score: number;
  box: { x: number; y: number; width: number; height: number };
};

const percent = (p: number) => Math.round(Math.max(0, Math.min(1, p)) * 1000) / 10;

/** One face-api detection in the spec's face shape: boxes as shares of the image, as Rekognition gives them. */
export function faceFromFaceApi(detection: FaceApiDetection, image: { width: number; height: number }): Face {
  const emotions = Object.entries(detection.expressions)
    .flatMap(([name, p]) =>
      FACE_API_EXPRESSIONS[name] ? [{ type: FACE_API_EXPRESSIONS[name], confidence: percent(p) }] : [],
    )
    .sort((a, b) => b.confidence - a.confidence);
  const age = detection.age;
  const demographics =
    age === undefined || !detection.gender
      ? null
      : {
          age: { low: Math.max(0, Math.round(age) - AGE_MARGIN), high: Math.round(age) + AGE_MARGIN },
          gender: {
            value: detection.gender === 'female' ? ('Female' as const) : ('Male' as const),
            confidence: percent(detection.genderProbability ?? 0),
          },
        };
  const { x, y, width, height } = detection.box;
  return {
    emotions,
    demographics,
    boundingBox:
      image.width && image.height
        ? { left: x / image.width, top: y / image.height, width: width / image.width, height: height / image.height }
        : null,
    // No landmark net runs (see FaceFeatures); the quality is the capture's, added by withCaptureQuality.
    features: {},
    quality: null,
    confidence: percent(detection.score),
  };
}

/**
 * The faces of one picture with the quality score measured on that capture (0-100; the camera's score,
 * spec 9): every face of it shares the picture's quality. Without a score (none was measured, or it is
 * not a figure in range) the faces stay as they are.
 */
export function withCaptureQuality(faces: Face[], score: number | null | undefined): Face[] {
  if (typeof score !== 'number' || !Number.isFinite(score) || score < 0 || score > 100) return faces;
  return faces.map((face) => ({ ...face, quality: { score: Math.round(score) } }));
}

type Loose = Record<string, unknown>;
const isObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v);
const isEmotionType = (v: unknown): v is EmotionType =>
  typeof v === 'string' && (EMOTION_TYPES as readonly string[]).includes(v.toUpperCase());

/** Emotions given as a list of {type, confidence} or as a map type → confidence. */
function readEmotions(raw: unknown): Emotion[] {
  const pairs: [unknown, unknown][] = Array.isArray(raw)
    ? raw.filter(isObject).map((e) => [e.type ?? e.Type, e.confidence ?? e.Confidence])
    : isObject(raw)
      ? Object.entries(raw)
      : [];
  return pairs
    .filter(
      (pair): pair is [string, number] =>
        isEmotionType(pair[0]) && typeof pair[1] === 'number' && Number.isFinite(pair[1]),
    )
    .map(([type, confidence]) => ({ type: type.toUpperCase() as EmotionType, confidence }))
    .sort((a, b) => b.confidence - a.confidence);
}

/**
 * The faces in an analysis answer, tried where different services put them (spec 3): `analysisResult.faces`,
 * `analysisResult.FaceDetails`, `faces`, `FaceDetails`, or the answer itself as a list. Unreadable entries
 * are skipped; an answer with none gives [].
 */
export function readFaces(data: unknown): Loose[] {
  const root = isObject(data) ? data : {};
  const result = isObject(root.analysisResult) ? root.analysisResult : {};
  const candidates = [result.faces, result.FaceDetails, root.faces, root.FaceDetails, data];
  const list = candidates.find(Array.isArray) as unknown[] | undefined;
  return (list ?? []).filter(isObject);
}

/** A face's emotions for the bars: shares 0-1 (confidences ÷ 100, spec 3), strongest first. */
export function emotionShares(face: Loose): { type: EmotionType; share: number }[] {
  return readEmotions(face.emotions ?? face.Emotions).map(({ type, confidence }) => ({
    type,
    share: confidence / 100,
  }));
}

const numberAt = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/** What the result panel shows of one face, read from any engine's shape (ours or Rekognition's). */
export type FaceView = {
  emotions: { type: EmotionType; share: number }[];
  age: { low: number; high: number } | null;
  gender: { value: 'Female' | 'Male'; share: number } | null;
  /** Shares of the image (0-1), or null when the answer has none. */
  box: BoundingBox | null;
};

export function readFace(face: Loose): FaceView {
  const demographics = isObject(face.demographics) ? face.demographics : {};
  const ageRaw = isObject(demographics.age) ? demographics.age : isObject(face.AgeRange) ? face.AgeRange : {};
  const low = numberAt(ageRaw.low ?? ageRaw.Low);
  const high = numberAt(ageRaw.high ?? ageRaw.High);
  const genderRaw = isObject(demographics.gender) ? demographics.gender : isObject(face.Gender) ? face.Gender : {};
  const gender = genderRaw.value ?? genderRaw.Value;
  const genderValue = typeof gender === 'string' ? gender : '';
  const genderConfidence = numberAt(genderRaw.confidence ?? genderRaw.Confidence);
  const boxRaw = isObject(face.boundingBox) ? face.boundingBox : isObject(face.BoundingBox) ? face.BoundingBox : null;
  const side = (key: string) => numberAt(boxRaw?.[key] ?? boxRaw?.[key[0]!.toUpperCase() + key.slice(1)]);
  const [left, top, width, height] = ['left', 'top', 'width', 'height'].map(side);
  return {
    emotions: emotionShares(face),
    age: low !== null && high !== null ? { low, high } : null,
    gender:
      genderValue === 'Female' || genderValue === 'Male'
        ? { value: genderValue, share: (genderConfidence ?? 0) / 100 }
        : null,
    box: left != null && top != null && width != null && height != null ? { left, top, width, height } : null,
  };
}
