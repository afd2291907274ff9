import { z } from 'zod';

/**
 * An object of names to values as the server sends it (error types, checks), checked value by value
 * and kept as it came. Not z.record: it drops a key named `__proto__`, and a device may send any error
 * type, that one included; the admin screens must show what was sent.
 */
export const namedValues = <T>(isValue: (value: unknown) => value is T) =>
  z.custom<Record<string, T>>(
    (input) =>
      input !== null && typeof input === 'object' && !Array.isArray(input) && Object.values(input).every(isValue),
    { message: 'an object of names to values' },
  );

export const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
export const isFlag = (value: unknown): value is boolean => typeof value === 'boolean';

/** A figure that may be missing (milliseconds, pixels). */
export const figureView = z.number().nullable();
