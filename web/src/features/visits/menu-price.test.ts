import { describe, expect, it } from 'vitest';
import { autoFillPrice, MAX_MENU_OPTIONS, menuSuggestions } from './menu-price';

describe('menu suggestions', () => {
  const menus = ['カイロプラクティック', 'マッサージ30分', 'マッサージ60分', '整体60分'];

  it('lists the menus containing what is typed, whatever the kana kind or width', () => {
    expect(menuSuggestions(menus, '')).toEqual(menus);
    expect(menuSuggestions(menus, 'まっさーじ')).toEqual(['マッサージ30分', 'マッサージ60分']);
    expect(menuSuggestions(menus, '６０')).toEqual(['マッサージ60分', '整体60分']);
    expect(menuSuggestions(menus, 'ﾏｯｻｰｼﾞ3')).toEqual(['マッサージ30分']);
    expect(menuSuggestions(menus, '鍼')).toEqual([]);
  });

  it('leaves out the menu already typed, and lists at most a screenful', () => {
    expect(menuSuggestions(menus, '整体60分')).toEqual([]);
    const many = Array.from({ length: 100 }, (_, i) => `メニュー${i}`);
    expect(menuSuggestions(many, 'めにゅー')).toHaveLength(MAX_MENU_OPTIONS);
  });
});

describe('price filled from a menu', () => {
  it("fills an empty price with the menu's last price", () => {
    expect(autoFillPrice(undefined, null, '整体60分', 6000)).toEqual({
      price: '6000',
      filled: { menu: '整体60分', price: '6000' },
    });
    expect(autoFillPrice('  ', null, '整体60分', 6000)).toEqual({
      price: '6000',
      filled: { menu: '整体60分', price: '6000' },
    });
  });

  it('replaces a price it filled itself when the menu changes, and clears it for a menu without one', () => {
    const filled = { menu: '整体60分', price: '6000' };
    expect(autoFillPrice('6000', filled, 'マッサージ30分', 3000)).toEqual({
      price: '3000',
      filled: { menu: 'マッサージ30分', price: '3000' },
    });
    expect(autoFillPrice('6000', filled, '新しいメニュー', null)).toEqual({ price: '', filled: null });
  });

  it('never overwrites a price the person typed', () => {
    expect(autoFillPrice('5500', null, '整体60分', 6000)).toBeNull();
    expect(autoFillPrice('5500', { menu: '整体60分', price: '6000' }, 'マッサージ30分', 3000)).toBeNull();
    expect(autoFillPrice('5500', { menu: '整体60分', price: '6000' }, '新しいメニュー', null)).toBeNull();
  });

  it('leaves an empty price empty for a menu with no price', () => {
    expect(autoFillPrice('', null, '新しいメニュー', null)).toBeNull();
  });
});
