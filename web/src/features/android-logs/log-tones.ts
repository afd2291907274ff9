/** Spec 9's colours of the device error log: errors 0 green, under 5 orange, else red. */
export function errorCountTone(count: number): 'ok' | 'warn' | 'error' {
  if (count === 0) return 'ok';
  return count < 5 ? 'warn' : 'error';
}

/** Spec 9: a page load under 2000 ms green, under 5000 ms orange, else red; nothing measured has no colour. */
export function pageLoadTone(ms: number | null): 'ok' | 'warn' | 'error' | undefined {
  if (ms === null) return undefined;
  if (ms < 2000) return 'ok';
  return ms < 5000 ? 'warn' : 'error';
}

/** The short form of a session id people read and say (spec 8: the success message's short id). */
export const shortSession = (sessionId: string) => sessionId.replaceAll('-', '').slice(0, 8);
