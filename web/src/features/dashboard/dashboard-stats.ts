/** Spec 9: the analyses figure is an estimate, 70 % of the diagnosis records, rounded down. */
export function analysesRun(diagnoses: number): number {
  // In whole numbers: 0.7 × 90 is 62.99999… in floating point, which would round down to 62.
  return Math.floor((diagnoses * 7) / 10);
}

/** Spec 9: a fixed figure, not measured. */
export const UPTIME_PERCENT = 98.5;
