import { afterEach, describe, expect, it, vi } from 'vitest';
import { customerUpdateArgsSchema } from '../mutations/customer';
import { CUSTOMER_MESSAGES, customerFieldsSchema, customerSchema, newCustomerFieldsSchema } from './customer';

const fields = customerFieldsSchema.shape;
const valueOf = (result: { success: boolean; data?: unknown; error?: { issues: { message: string }[] } }) =>
  result.success ? result.data : result.error?.issues[0]?.message;

describe('customer fields normalise what a Japanese keyboard types, then check it', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('age: a number or digits of either width; out of range or not a whole number is refused with the message', () => {
    for (const typed of [35, '35', '３５', ' ３５ '])
      expect(valueOf(fields.age.safeParse(typed)), String(typed)).toBe(35);
    for (const blank of [null, '', '\u3000']) expect(valueOf(fields.age.safeParse(blank)), String(blank)).toBeNull();
    for (const bad of ['２００', 200, 151, -1, '35歳', '3.5', 3.5, 'abc', true]) {
      expect(valueOf(fields.age.safeParse(bad)), String(bad)).toBe(CUSTOMER_MESSAGES.ageInvalid);
    }
  });

  it('phone: full-width digits, hyphen look-alikes and parentheses become half-width', () => {
    expect(valueOf(fields.phone.safeParse('０９０ー１２３４ー５６７８'))).toBe('090-1234-5678');
    expect(valueOf(fields.phone.safeParse(' （０３）１２３４－５６７８ '))).toBe('(03)1234-5678');
    expect(valueOf(fields.phone.safeParse('＋８１\u3000９０‐１２３４‐５６７８'))).toBe('+81 90-1234-5678');
    expect(valueOf(fields.phone.safeParse('\u3000'))).toBe(CUSTOMER_MESSAGES.phoneRequired);
    expect(valueOf(fields.phone.safeParse('０９０ー１２３４（自宅）'))).toBe(CUSTOMER_MESSAGES.phoneInvalid);
    expect(valueOf(fields.phone.safeParse(undefined))).toBe(CUSTOMER_MESSAGES.phoneRequired);
  });

  it('e-mail: a full-width address becomes half-width, its case kept', () => {
    expect(valueOf(fields.email.safeParse('ｈａｎａｋｏ＠ｅｘａｍｐｌｅ．ｊｐ'))).toBe('hanako@example.jp');
    expect(valueOf(fields.email.safeParse(' Hanako@Example.JP '))).toBe('Hanako@Example.JP');
    expect(valueOf(fields.email.safeParse('\u3000'))).toBe('');
    expect(valueOf(fields.email.safeParse('ｈａｎａｋｏ'))).toBe(CUSTOMER_MESSAGES.emailInvalid);
  });

  it('name, フリガナ and address are kept as typed, only trimmed (half-width kana too)', () => {
    expect(valueOf(fields.name.safeParse(' 山田\u3000花子 '))).toBe('山田\u3000花子');
    expect(valueOf(fields.nameKana.safeParse('ﾔﾏﾀﾞ ﾊﾅｺ'))).toBe('ﾔﾏﾀﾞ ﾊﾅｺ');
    expect(valueOf(fields.nameKana.safeParse('ヤマダ　ハナコ'))).toBe('ヤマダ　ハナコ');
    expect(valueOf(fields.address.safeParse('東京都港区１－２－３ '))).toBe('東京都港区１－２－３');
  });

  it('birth date: 西暦 or 和暦 as typed, kept as YYYY-MM-DD; blank is none', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T03:00:00.000Z'));
    for (const typed of [
      '1985-04-01',
      '1985/4/1',
      '19850401',
      '1985年4月1日',
      '昭和60年4月1日',
      'S60.4.1',
      'S60/4/1',
      's60-4-1',
      '１９８５－０４－０１',
      '昭和６０年４月１日',
    ]) {
      expect(valueOf(fields.birthDate.safeParse(typed)), typed).toBe('1985-04-01');
    }
    expect(valueOf(fields.birthDate.safeParse('平成元年1月8日'))).toBe('1989-01-08');
    expect(valueOf(fields.birthDate.safeParse('R2.5.1'))).toBe('2020-05-01');
    for (const blank of [null, '', '  ']) expect(valueOf(fields.birthDate.safeParse(blank)), String(blank)).toBeNull();
  });

  it('birth date: refused with a message saying what is wrong', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 2026-11-23 in Japan while it is still the 22nd in UTC: today is Japan's.
    vi.setSystemTime(new Date('2026-11-22T16:00:00.000Z'));
    expect(valueOf(fields.birthDate.safeParse('2026-11-23'))).toBe('2026-11-23');
    const cases: [unknown, string][] = [
      ['1985-02-30', CUSTOMER_MESSAGES.birthDateNonexistent],
      ['昭和65年1月1日', CUSTOMER_MESSAGES.birthDateOutsideEra],
      ['2026-11-24', CUSTOMER_MESSAGES.birthDateFuture],
      ['1899-12-31', CUSTOMER_MESSAGES.birthDateTooOld],
      ['1985年4月', CUSTOMER_MESSAGES.birthDateFormat],
      ['35歳', CUSTOMER_MESSAGES.birthDateFormat],
      [19850401, CUSTOMER_MESSAGES.birthDateFormat],
    ];
    for (const [typed, message] of cases)
      expect(valueOf(fields.birthDate.safeParse(typed)), String(typed)).toBe(message);
    expect(CUSTOMER_MESSAGES.birthDateFormat).toBe(
      '生年月日は「1985-04-01」や「昭和60年4月1日」の形で入力してください',
    );
    expect(CUSTOMER_MESSAGES.birthDateFuture).toBe('生年月日に未来の日付は入力できません');
  });

  it('a new customer may leave out the birth date (as an older app does): it is null', () => {
    const created = newCustomerFieldsSchema.parse({
      name: '山田 花子',
      phone: '０９０ー１２３４ー５６７８',
      age: '３５',
    });
    expect(created).toMatchObject({ age: 35, birthDate: null, phone: '090-1234-5678' });
  });

  it('an update leaves out what it does not change: no birth date or age is filled in for it', () => {
    const id = crypto.randomUUID();
    const args = customerUpdateArgsSchema.parse({ id, patch: { name: '山田 花子' }, base: { name: '山田' } });
    expect(args).toEqual({ id, patch: { name: '山田 花子' }, base: { name: '山田' } });
    expect(
      customerUpdateArgsSchema.parse({ id, patch: { birthDate: 'H1.1.8', age: '３５' }, base: { birthDate: null } })
        .patch,
    ).toEqual({
      birthDate: '1989-01-08',
      age: 35,
    });
  });

  it('a stored row is read as it is: its birth date is not checked against this device’s clock', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T03:00:00.000Z'));
    const row = {
      id: crypto.randomUUID(),
      chartNumber: 1,
      name: '山田 花子',
      nameKana: '',
      age: null,
      birthDate: '2026-11-23',
      gender: 'unset',
      phone: '090-1234-5678',
      email: '',
      address: '',
      medicalHistory: '',
      createdAt: '2026-11-22T00:00:00.000Z',
      updatedAt: '2026-11-22T00:00:00.000Z',
      updatedBy: 'admin',
      version: 1,
      deleted: false,
    };
    expect(customerSchema.parse(row).birthDate).toBe('2026-11-23');
    expect(customerSchema.safeParse({ ...row, birthDate: 'S60.4.1' }).success).toBe(false);
  });
});
