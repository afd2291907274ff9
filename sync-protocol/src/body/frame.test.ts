import { describe, expect, it } from 'vitest';
import { bodyPartLabel, mirror, patientSideAt, roundPercent, toPercent, toViewBox, VIEWBOX } from './frame';

describe('the coordinate frame', () => {
  it('is a 200 × 400 viewBox, with positions in percent of it', () => {
    expect(VIEWBOX).toBe('0 0 200 400');
    expect(toPercent([100, 200])).toEqual([50, 50]);
    expect(toPercent([200, 400])).toEqual([100, 100]);
    expect(toPercent([30, 300])).toEqual([15, 75]);
    expect(toViewBox([15, 75])).toEqual([30, 300]);
  });

  it('mirrors across the midline', () => {
    expect(mirror([60, 90])).toEqual([140, 90]);
    expect(mirror([100, 10])).toEqual([100, 10]);
  });

  it('keeps a stored position to one decimal', () => {
    expect(roundPercent(42.46)).toBe(42.5);
    expect(roundPercent(42.44)).toBe(42.4);
    expect(roundPercent(0)).toBe(0);
  });
});

describe('patientSideAt', () => {
  it('front: the patient faces the viewer, so their right is on the viewer’s left', () => {
    expect(patientSideAt('front', 30)).toBe('患者の右');
    expect(patientSideAt('front', 70)).toBe('患者の左');
  });

  it('back: the viewer sees the patient’s back, so their right is on the viewer’s right', () => {
    expect(patientSideAt('back', 30)).toBe('患者の左');
    expect(patientSideAt('back', 70)).toBe('患者の右');
  });

  it('the midline is neither side', () => {
    expect(patientSideAt('front', 50)).toBe('中央');
    expect(patientSideAt('back', 50)).toBe('中央');
  });
});

describe('bodyPartLabel (the spec’s body_part)', () => {
  it('is front or back and the percentages to one decimal', () => {
    expect(bodyPartLabel('front', 42.5, 18)).toBe('前面 (42.5%, 18.0%)');
    expect(bodyPartLabel('back', 0, 100)).toBe('背面 (0.0%, 100.0%)');
    expect(bodyPartLabel('back', 7.25, 33.333)).toBe('背面 (7.3%, 33.3%)');
  });
});
