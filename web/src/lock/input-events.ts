/** What counts as someone using the tablet: a touch, a pointer press, a key, a scroll. */
export const INPUT_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'wheel'] as const;
