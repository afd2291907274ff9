import { VISIT_MESSAGES } from '@clinic/sync-protocol';
import { describe, expect, it } from 'vitest';
import { localVisit } from '../../test-utils/sync-fixtures';
import {
  fieldError,
  formErrors,
  formValuesOf,
  originalFields,
  storedPrice,
  toNewVisitFields,
  toVisitFields,
} from './visit-form-values';

const CUSTOMER = '0193a3f0-0000-4000-8000-000000000001';
const {
  pending: _pending,
  server: _server,
  ...visit
} = localVisit({
  id: '0193a3f0-0000-4000-8000-0000000000a1',
  customerId: CUSTOMER,
  serviceMenu: '整体60分',
  price: 6000,
  staffName: '佐藤',
});

describe('visit form values', () => {
  it('starts a new record on today, with the defaults, and an edit with the visit as stored', () => {
    expect(formValuesOf(null, { staffName: 'staff1', customerId: null }, '2026-11-23')).toEqual({
      date: '2026-11-23',
      customerId: null,
      serviceMenu: '',
      price: '',
      staffName: 'staff1',
      notes: '',
    });
    expect(formValuesOf(visit, { staffName: 'staff1', customerId: null })).toEqual({
      date: '2026-11-20',
      customerId: CUSTOMER,
      serviceMenu: '整体60分',
      price: '6000',
      staffName: '佐藤',
      notes: '',
    });
    expect(formValuesOf({ ...visit, price: null }, { staffName: '', customerId: null }).price).toBe('');
  });

  it('asks for the date and the customer with the spec message', () => {
    expect(formErrors({ date: '', customerId: null })).toEqual([
      { name: 'customerId', errors: ['日付と顧客は必須です'] },
      { name: 'date', errors: ['日付と顧客は必須です'] },
    ]);
    expect(fieldError('date', undefined)).toBe(VISIT_MESSAGES.required);
    expect(fieldError('customerId', undefined)).toBe(VISIT_MESSAGES.required);
  });

  it('takes a price as an optional whole number of yen, full-width digits too, with the shared message', () => {
    for (const ok of ['', '0', '3000', '３０００', '3,000', undefined]) expect(fieldError('price', ok)).toBeNull();
    for (const bad of ['3.5', '-1', '3000円', 'abc', '3,00'])
      expect(fieldError('price', bad)).toBe(VISIT_MESSAGES.priceInvalid);
  });

  it('cleans the fields for saving: trimmed text, the price as a number or null', () => {
    const values = {
      date: '2026-11-20',
      customerId: CUSTOMER,
      serviceMenu: ' 整体60分 ',
      price: '６,０００',
      staffName: 'staff1',
      notes: '',
    };
    expect(toNewVisitFields(values)).toEqual({
      date: '2026-11-20',
      customerId: CUSTOMER,
      serviceMenu: '整体60分',
      price: 6000,
      staffName: 'staff1',
      notes: '',
    });
    expect(toVisitFields({ ...values, price: '' }).price).toBeNull();
  });

  it('compares an edit with the visit as its unchanged form would save it', () => {
    expect(originalFields(visit)).toEqual({
      customerId: CUSTOMER,
      date: '2026-11-20',
      serviceMenu: '整体60分',
      price: 6000,
      staffName: '佐藤',
      notes: '',
    });
  });

  it('shows a typed price as it will be stored once the box is left', () => {
    expect(storedPrice('３，０００')).toBe('3000');
    expect(storedPrice('3000')).toBeNull();
    expect(storedPrice('3000円')).toBeNull();
    expect(storedPrice(' ')).toBe('');
  });
});

describe('a visit recorded from an appointment (予約表)', () => {
  it('takes the appointment’s day, menu and 施術者', () => {
    expect(
      formValuesOf(
        null,
        { customerId: 'c1', staffName: '佐藤', date: '2026-12-08', serviceMenu: '鍼灸' },
        '2026-12-09',
      ),
    ).toMatchObject({ date: '2026-12-08', serviceMenu: '鍼灸', staffName: '佐藤', customerId: 'c1' });
  });
});
