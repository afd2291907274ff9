import { describe, expect, it } from 'vitest';
import { leaveHandoff, takeHandoff } from './handoff';

describe('the note from the login page to the app', () => {
  it('is good once, for the same person, for two minutes', () => {
    leaveHandoff(localStorage, 'u1', 1_000);
    expect(takeHandoff(localStorage, 'u1', 2_000)).toBe(true);
    expect(takeHandoff(localStorage, 'u1', 2_000)).toBe(false);
    leaveHandoff(localStorage, 'u1', 1_000);
    expect(takeHandoff(localStorage, 'u2', 2_000)).toBe(false);
    leaveHandoff(localStorage, 'u1', 1_000);
    expect(takeHandoff(localStorage, 'u1', 121_000)).toBe(false);
  });
});
