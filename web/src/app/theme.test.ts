import { describe, expect, it } from 'vitest';
import { theme } from './theme';

type Rgb = [number, number, number];

/** A CSS colour (#rrggbb or rgba(0, 0, 0, a)) as seen over an opaque background. */
function over(colour: string, background: Rgb): Rgb {
  const hex = /^#([0-9a-f]{6})$/i.exec(colour);
  if (hex) return [0, 2, 4].map((i) => parseInt(hex[1]!.slice(i, i + 2), 16)) as Rgb;
  const rgba = /^rgba\((\d+), (\d+), (\d+), ([\d.]+)\)$/.exec(colour);
  if (!rgba) throw new Error(`unreadable colour ${colour}`);
  const alpha = Number(rgba[4]);
  return background.map((b, i) => Math.round(Number(rgba[i + 1]) * alpha + b * (1 - alpha))) as Rgb;
}

const luminance = (rgb: Rgb) => 0.2126 * channel(rgb[0]) + 0.7152 * channel(rgb[1]) + 0.0722 * channel(rgb[2]);
function channel(c: number): number {
  const s = c / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}
/** WCAG contrast ratio. */
function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const WHITE: Rgb = [255, 255, 255];
const PAGE: Rgb = [0xf5, 0xf7, 0xf7]; // bodyBg, behind the footer
const SELECTED_MENU: Rgb = [0xe6, 0xf4, 0xf2]; // the selected menu item, behind its caption
const token = theme.token!;

describe('theme', () => {
  it('gives captions (secondary text) 4.5:1 on white, the page and the selected menu item', () => {
    for (const background of [WHITE, PAGE, SELECTED_MENU]) {
      expect(contrast(over(token.colorTextDescription!, background), background)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('gives danger text and white text on danger buttons and badges 4.5:1', () => {
    expect(contrast(over(token.colorError!, WHITE), WHITE)).toBeGreaterThanOrEqual(4.5);
  });

  it('sizes controls for a finger: at least 44 px', () => {
    expect(token.controlHeight).toBeGreaterThanOrEqual(44);
    expect(token.controlHeightLG).toBeGreaterThanOrEqual(44);
  });

  it('keeps one heading scale: h1 (the page title in the top bar) is the largest, and each level is no larger than the one above', () => {
    const sizes = [
      token.fontSizeHeading1,
      token.fontSizeHeading2,
      token.fontSizeHeading3,
      token.fontSizeHeading4,
      token.fontSizeHeading5,
    ].map(Number);
    expect(sizes.every((s) => s > 0)).toBe(true);
    for (let i = 1; i < sizes.length; i++) expect(sizes[i]!).toBeLessThanOrEqual(sizes[i - 1]!);
    expect(sizes[0]!).toBeGreaterThan(sizes[1]!);
  });
});
