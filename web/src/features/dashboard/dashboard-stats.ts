/** Spec 9's uptime: a fixed figure, not measured, so the card says it is an example. */
export const UPTIME_PERCENT = 98.5;
