/** 料金 (yen) as a clinic types it: a whole number of yen, never a guess at what was meant. */
import { toHalfWidth } from './normalize';

export const PRICE_MAX = 10_000_000;

/** What parsePriceInput answers for a value that is not a price, so it is refused rather than cleaned. */
export const INVALID_PRICE: unique symbol = Symbol('invalid price');

/**
 * A price as typed: a whole number 0-PRICE_MAX, or digits of either width with thousands commas where
 * they belong (3000, ３０００, 3,000, ３，０００). Blank, null and undefined mean "no price". Anything
 * else (3.5, -1, "3000円", "3,00") is INVALID_PRICE.
 */
export function parsePriceInput(value: unknown): number | null | typeof INVALID_PRICE {
  if (value === undefined || value === null) return null;
  let price: number;
  if (typeof value === 'number') {
    price = value;
  } else if (typeof value === 'string') {
    const text = toHalfWidth(value).trim();
    if (text === '') return null;
    if (!/^(?:[0-9]+|[0-9]{1,3}(?:,[0-9]{3})+)$/.test(text)) return INVALID_PRICE;
    price = Number(text.replaceAll(',', ''));
  } else {
    return INVALID_PRICE;
  }
  return Number.isInteger(price) && price >= 0 && price <= PRICE_MAX ? price : INVALID_PRICE;
}

/** ¥3,000 (thousands separated); null is none. */
export function formatYen(price: number | null): string {
  return price === null ? '' : `¥${price.toLocaleString('ja-JP')}`;
}
