import { describe, expect, it } from 'vitest';
import { visitCreateArgsSchema, visitUpdateArgsSchema } from '../mutations/visit';
import { formatYen, parsePriceInput, INVALID_PRICE } from '../rules/price';
import { VISIT_MESSAGES, visitFieldsSchema } from './visit';

const fields = visitFieldsSchema.shape;
const valueOf = (result: { success: boolean; data?: unknown; error?: { issues: { message: string }[] } }) =>
  result.success ? result.data : result.error?.issues[0]?.message;
const CUSTOMER = '3f2a4c5e-1b2d-4e6f-8a9b-0c1d2e3f4a5b';
const ID = '9b8a7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';

describe('visit fields', () => {
  it('price: a whole number of yen as typed, full-width and with thousands commas; anything else is refused', () => {
    for (const [typed, yen] of [
      [3000, 3000],
      ['3000', 3000],
      ['３０００', 3000],
      ['3,000', 3000],
      ['３，０００', 3000],
      [' 0 ', 0],
    ] as const) {
      expect(valueOf(fields.price.safeParse(typed)), String(typed)).toBe(yen);
    }
    for (const blank of [null, '', '\u3000']) expect(valueOf(fields.price.safeParse(blank))).toBeNull();
    for (const bad of ['3000円', '3.5', 3.5, -1, '-1', '3,00', '¥3000', 10_000_001, true]) {
      expect(valueOf(fields.price.safeParse(bad)), String(bad)).toBe(VISIT_MESSAGES.priceInvalid);
    }
    expect(parsePriceInput('12,345,678')).toBe(INVALID_PRICE);
  });

  it('date: an existing YYYY-MM-DD (full-width digits too); blank is the spec message', () => {
    expect(valueOf(fields.date.safeParse('２０２６－１１－２３'))).toBe('2026-11-23');
    expect(valueOf(fields.date.safeParse(''))).toBe(VISIT_MESSAGES.required);
    expect(valueOf(fields.date.safeParse(undefined))).toBe(VISIT_MESSAGES.required);
    for (const bad of ['2026-02-30', '2026/11/23', '1899-12-31', '23-11-2026']) {
      expect(valueOf(fields.date.safeParse(bad)), bad).toBe(VISIT_MESSAGES.dateInvalid);
    }
  });

  it('a new visit needs only the date and the customer; both missing say 日付と顧客は必須です', () => {
    const ok = visitCreateArgsSchema.safeParse({ id: ID, customerId: CUSTOMER, date: '2026-11-23' });
    expect(ok.success && ok.data).toEqual({
      id: ID,
      customerId: CUSTOMER,
      date: '2026-11-23',
      serviceMenu: '',
      price: null,
      staffName: '',
      notes: '',
    });
    const missing = visitCreateArgsSchema.safeParse({ id: ID, customerId: '', date: '' });
    expect(missing.success).toBe(false);
    expect(new Set(missing.error?.issues.map((i) => i.message))).toEqual(new Set([VISIT_MESSAGES.required]));
  });

  it('an update must change something', () => {
    expect(visitUpdateArgsSchema.safeParse({ id: ID, patch: {}, base: {} }).success).toBe(false);
    expect(
      visitUpdateArgsSchema.safeParse({ id: ID, patch: { price: '５００' }, base: { price: null } }).data?.patch,
    ).toEqual({ price: 500 });
  });

  it('formats yen with thousands separators', () => {
    expect(formatYen(1234567)).toBe('¥1,234,567');
    expect(formatYen(0)).toBe('¥0');
    expect(formatYen(null)).toBe('');
  });
});
