import { z } from 'zod';
import { TEXT_MESSAGES, hasUnusableChar } from '../rules/text';

/**
 * A string that refuses characters the stores cannot keep (see hasUnusableChar). The check comes
 * first, so its message wins over the field's own rules, which could not explain an invisible character.
 */
export function storableString(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine((value) => !hasUnusableChar(value), TEXT_MESSAGES.unusableChar);
}
