import { z } from 'zod';
import { TEXT_MESSAGES, hasUnusableChar } from '../rules/text';

/** No field takes more (the longest, a survey answer, takes 5,000): longer text is refused unread. */
export const TEXT_BOUND = 10_000;
export const TOO_LONG_MESSAGE = '入力された文字数が多すぎます';

/**
 * A string that refuses characters the stores cannot keep (see hasUnusableChar). The check comes
 * first, so its message wins over the field's own rules, which could not explain an invisible character.
 * Before it, the length is bounded (`limit`, by default TEXT_BOUND) and a longer value stops there:
 * zod 4 would otherwise run every later check, patterns included, on a hostile megabyte (issue 22).
 * A field whose value is trimmed first should pass a bound above its own maximum.
 */
export function storableString(
  params?: Parameters<typeof z.string>[0],
  limit: { max?: number; message?: string } = {},
) {
  return z
    .string(params)
    .max(limit.max ?? TEXT_BOUND, { message: limit.message ?? TOO_LONG_MESSAGE, abort: true })
    .refine((value) => !hasUnusableChar(value), TEXT_MESSAGES.unusableChar);
}
