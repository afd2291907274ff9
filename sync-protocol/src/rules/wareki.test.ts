import { describe, expect, it } from 'vitest';
import { formatBirthDate, parseBirthDate, parseJapaneseDate, toWareki } from './wareki';

const dateOf = (text: string) => {
  const result = parseJapaneseDate(text);
  return result.ok ? result.date : result.problem;
};

describe('parseJapaneseDate', () => {
  it('reads 西暦 written the usual ways', () => {
    for (const text of [
      '1985-04-01',
      '1985-4-1',
      '1985/4/1',
      '1985/04/01',
      '1985.4.1',
      '19850401',
      '1985年4月1日',
      '1985年04月01日',
      '1985年4月1',
    ]) {
      expect(dateOf(text), text).toBe('1985-04-01');
    }
  });

  it('reads 和暦 by era name or letter, in either case, with 元年', () => {
    for (const text of ['昭和60年4月1日', '昭和60年4月1', 'S60.4.1', 'S60/4/1', 's60-4-1', 'S60-04-01', '昭和60.4.1']) {
      expect(dateOf(text), text).toBe('1985-04-01');
    }
    expect(dateOf('H1.1.8')).toBe('1989-01-08');
    expect(dateOf('平成元年1月8日')).toBe('1989-01-08');
    expect(dateOf('h元.1.8')).toBe('1989-01-08');
    expect(dateOf('令和2年5月1日')).toBe('2020-05-01');
    expect(dateOf('R2.5.1')).toBe('2020-05-01');
    expect(dateOf('令和元年5月1日')).toBe('2019-05-01');
    expect(dateOf('大正15年12月24日')).toBe('1926-12-24');
    expect(dateOf('T1.7.30')).toBe('1912-07-30');
    expect(dateOf('明治45年7月29日')).toBe('1912-07-29');
    expect(dateOf('M33.1.1')).toBe('1900-01-01');
  });

  it('reads full-width digits, letters and dashes, and spaces between the parts', () => {
    expect(dateOf('１９８５－０４－０１')).toBe('1985-04-01');
    expect(dateOf('１９８５ー０４ー０１')).toBe('1985-04-01');
    expect(dateOf('１９８５／４／１')).toBe('1985-04-01');
    expect(dateOf('昭和６０年４月１日')).toBe('1985-04-01');
    expect(dateOf('Ｓ６０．４．１')).toBe('1985-04-01');
    expect(dateOf(' 昭和 60年\u30004月 1日 ')).toBe('1985-04-01');
    expect(dateOf('1985–04–01')).toBe('1985-04-01');
  });

  it('knows each era’s first and last day', () => {
    expect(dateOf('昭和64年1月7日')).toBe('1989-01-07');
    expect(dateOf('昭和64年1月8日')).toBe('outsideEra');
    expect(dateOf('昭和65年1月1日')).toBe('outsideEra');
    expect(dateOf('平成元年1月7日')).toBe('outsideEra');
    expect(dateOf('平成31年4月30日')).toBe('2019-04-30');
    expect(dateOf('平成31年5月1日')).toBe('outsideEra');
    expect(dateOf('平成32年1月1日')).toBe('outsideEra');
    expect(dateOf('令和元年4月30日')).toBe('outsideEra');
    expect(dateOf('昭和元年12月24日')).toBe('outsideEra');
    expect(dateOf('昭和元年12月25日')).toBe('1926-12-25');
    expect(dateOf('昭和0年1月1日')).toBe('outsideEra');
    expect(dateOf('大正15年12月25日')).toBe('outsideEra');
  });

  it('refuses days the calendar does not have', () => {
    for (const text of [
      '1985-02-30',
      '1985年2月29日',
      '1900-02-29',
      '1985-04-31',
      '1985-13-01',
      '1985-00-10',
      '1985-01-00',
      '昭和60年2月30日',
      'H1.2.29',
    ]) {
      expect(dateOf(text), text).toBe('nonexistent');
    }
    expect(dateOf('2000-02-29')).toBe('2000-02-29');
    expect(dateOf('H8.2.29')).toBe('1996-02-29');
  });

  it('refuses what is not a date', () => {
    for (const text of [
      '',
      '1985',
      '1985-04',
      '85/4/1',
      '850401',
      '1985-04-01T00:00',
      '1985年4月',
      '昭和60年',
      'S60',
      'X60.4.1',
      '天保6年4月1日',
      '昭和六十年四月一日',
      'S60年4/1',
      '4/1/1985',
      'abc',
      '1985-04-01-01',
    ]) {
      expect(dateOf(text), text).toBe('format');
    }
  });
});

describe('parseBirthDate', () => {
  const today = '2026-11-22';

  it('takes a date from 1900-01-01 up to today', () => {
    expect(parseBirthDate('S60.4.1', today)).toEqual({ ok: true, date: '1985-04-01' });
    expect(parseBirthDate('1900-01-01', today)).toEqual({ ok: true, date: '1900-01-01' });
    expect(parseBirthDate('令和8年11月22日', today)).toEqual({ ok: true, date: '2026-11-22' });
  });

  it('refuses a future date, one before 1900, and passes on the calendar’s problems', () => {
    expect(parseBirthDate('2026-11-23', today)).toEqual({ ok: false, problem: 'future' });
    expect(parseBirthDate('R9.1.1', today)).toEqual({ ok: false, problem: 'future' });
    expect(parseBirthDate('1899-12-31', today)).toEqual({ ok: false, problem: 'tooOld' });
    expect(parseBirthDate('明治20年1月1日', today)).toEqual({ ok: false, problem: 'tooOld' });
    expect(parseBirthDate('1985-02-30', today)).toEqual({ ok: false, problem: 'nonexistent' });
    expect(parseBirthDate('昭和65年1月1日', today)).toEqual({ ok: false, problem: 'outsideEra' });
    expect(parseBirthDate('35歳', today)).toEqual({ ok: false, problem: 'format' });
  });
});

describe('toWareki and formatBirthDate', () => {
  it('show 和暦 with 西暦 beside it, 元年 for an era’s first year', () => {
    expect(formatBirthDate('1985-04-01')).toBe('昭和60年4月1日（1985年）');
    expect(formatBirthDate('1989-01-07')).toBe('昭和64年1月7日（1989年）');
    expect(formatBirthDate('1989-01-08')).toBe('平成元年1月8日（1989年）');
    expect(formatBirthDate('2019-04-30')).toBe('平成31年4月30日（2019年）');
    expect(formatBirthDate('2019-05-01')).toBe('令和元年5月1日（2019年）');
    expect(formatBirthDate('2020-12-31')).toBe('令和2年12月31日（2020年）');
    expect(formatBirthDate('1926-12-24')).toBe('大正15年12月24日（1926年）');
    expect(formatBirthDate('1926-12-25')).toBe('昭和元年12月25日（1926年）');
    expect(formatBirthDate('1900-01-01')).toBe('明治33年1月1日（1900年）');
  });

  it('show blank for no birth date and anything that is not a date as it is', () => {
    expect(formatBirthDate(null)).toBe('');
    expect(formatBirthDate(undefined)).toBe('');
    expect(formatBirthDate('')).toBe('');
    expect(formatBirthDate('1985-02-30')).toBe('1985-02-30');
    expect(formatBirthDate('S60.4.1')).toBe('S60.4.1');
    expect(toWareki('1850-01-01')).toBeNull();
  });

  it('round-trip every day from 1900 to 2030 through 和暦 text', () => {
    for (let t = Date.UTC(1900, 0, 1); t <= Date.UTC(2030, 11, 31); t += 86_400_000) {
      const day = new Date(t).toISOString().slice(0, 10);
      const wareki = toWareki(day);
      if (dateOf(wareki ?? '') !== day) expect(wareki, day).toBe(day);
    }
  });
});
