import { describe, expect, it } from 'vitest';
import { faceSchema } from '../entities/face-analysis';
import { emotionShares, faceFromFaceApi, readFace, readFaces, withCaptureQuality } from './face-result';

const detection = {
  expressions: { neutral: 0.62, happy: 0.3, sad: 0.04, angry: 0.01, fearful: 0.01, disgusted: 0.01, surprised: 0.01 },
  age: 34.4,
  gender: 'female',
  genderProbability: 0.93,
  score: 0.98,
  box: { x: 100, y: 50, width: 200, height: 240 },
};

describe('face results', () => {
  it('maps face-api to the spec: neutral is CALM, fearful FEAR, no CONFUSED, percentages summing to about 100', () => {
    const face = faceFromFaceApi(detection, { width: 800, height: 600 });
    expect(face.emotions.map((e) => e.type)).toEqual([
      'CALM',
      'HAPPY',
      'SAD',
      'ANGRY',
      'FEAR',
      'DISGUSTED',
      'SURPRISED',
    ]);
    expect(face.emotions.some((e) => e.type === 'CONFUSED')).toBe(false);
    expect(face.emotions.reduce((sum, e) => sum + e.confidence, 0)).toBeCloseTo(100, 0);
    expect(face.demographics).toEqual({ age: { low: 29, high: 39 }, gender: { value: 'Female', confidence: 93 } });
    expect(face.boundingBox).toEqual({ left: 0.125, top: 50 / 600, width: 0.25, height: 0.4 });
    expect(face.confidence).toBe(98);
  });

  it("gives every face `features` (an empty object: no landmark net runs) and the capture's quality score where there is one", () => {
    const face = faceFromFaceApi(detection, { width: 800, height: 600 });
    expect(face.features).toEqual({});
    expect(face.quality).toBeNull();
    expect(withCaptureQuality([face, face], 83.4).map((f) => f.quality)).toEqual([{ score: 83 }, { score: 83 }]);
    for (const none of [null, undefined, Number.NaN, -1, 101]) expect(withCaptureQuality([face], none)).toEqual([face]);
    // The wire takes the field, and a face an older device sent without it reads as having none.
    expect(faceSchema.parse(face)).toEqual(face);
    const { features: _features, ...older } = face;
    expect(faceSchema.parse(older).features).toEqual({});
    expect(faceSchema.safeParse({ ...face, features: { smile: 'yes' } }).success).toBe(false);
  });

  it('finds the faces wherever an answer puts them, and reads list and map emotions alike', () => {
    const asList = {
      emotions: [
        { type: 'HAPPY', confidence: 80 },
        { type: 'CALM', confidence: 20 },
      ],
    };
    const asMap = { Emotions: { calm: 70, happy: 30, unknown: 5 } };
    expect(readFaces({ analysisResult: { faces: [asList] } })).toEqual([asList]);
    expect(readFaces({ analysisResult: { FaceDetails: [asMap] } })).toEqual([asMap]);
    expect(readFaces({ faces: [asList] })).toEqual([asList]);
    expect(readFaces([asMap, 'junk'])).toEqual([asMap]);
    expect(readFaces({ analysisResult: {} })).toEqual([]);
    expect(readFaces(null)).toEqual([]);
    expect(emotionShares(asList)).toEqual([
      { type: 'HAPPY', share: 0.8 },
      { type: 'CALM', share: 0.2 },
    ]);
    expect(emotionShares(asMap)).toEqual([
      { type: 'CALM', share: 0.7 },
      { type: 'HAPPY', share: 0.3 },
    ]);
  });

  it('reads age, gender and box from our shape and from the Rekognition shape', () => {
    const ours = faceFromFaceApi(detection, { width: 800, height: 600 });
    expect(readFace(ours)).toEqual({
      emotions: ours.emotions.map(({ type, confidence }) => ({ type, share: confidence / 100 })),
      age: { low: 29, high: 39 },
      gender: { value: 'Female', share: 0.93 },
      box: { left: 0.125, top: 50 / 600, width: 0.25, height: 0.4 },
    });
    const rekognition = {
      AgeRange: { Low: 20, High: 28 },
      Gender: { Value: 'Male', Confidence: 99.5 },
      BoundingBox: { Width: 0.2, Height: 0.3, Left: 0.1, Top: 0.05 },
      Emotions: [
        { Type: 'CONFUSED', Confidence: 60 },
        { Type: 'CALM', Confidence: 40 },
      ],
    };
    expect(readFace(rekognition)).toEqual({
      emotions: [
        { type: 'CONFUSED', share: 0.6 },
        { type: 'CALM', share: 0.4 },
      ],
      age: { low: 20, high: 28 },
      gender: { value: 'Male', share: 0.995 },
      box: { left: 0.1, top: 0.05, width: 0.2, height: 0.3 },
    });
    expect(readFace({})).toEqual({ emotions: [], age: null, gender: null, box: null });
  });
});
