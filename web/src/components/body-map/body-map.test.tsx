import { regionById, regionCentre } from '@clinic/sync-protocol/body';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../../test-utils/render';
import { BodyMap } from './body-map';
import type { MapMarker } from './types';

const SHOULDER = 'front.shoulder.right';
const [sx, sy] = regionCentre(regionById(SHOULDER)!);
const marker = (id: string, number: number, painLevel: number, more: Partial<MapMarker> = {}): MapMarker => ({
  id,
  number,
  view: 'front',
  x: 20,
  y: 40,
  painLevel,
  ...more,
});

/** happy-dom lays nothing out: the figure is drawn 200 × 400 px at the page's corner. */
function figure(): SVGSVGElement {
  const svg = screen.getByRole('group', { name: '人体図（前面）' }) as unknown as SVGSVGElement;
  svg.getBoundingClientRect = () => ({
    left: 0,
    top: 0,
    width: 200,
    height: 400,
    right: 200,
    bottom: 400,
    x: 0,
    y: 0,
    toJSON: () => ({}),
  });
  return svg;
}
/** A tap at a figure position in percent. */
const tap = (x: number, y: number) => fireEvent.click(figure(), { clientX: x * 2, clientY: y * 4 });

function renderMap(props: Partial<Parameters<typeof BodyMap>[0]> = {}) {
  const onAdd = vi.fn();
  const onSelect = vi.fn();
  render(
    <BodyMap
      view="front"
      figureStyle="interview"
      markers={[]}
      onAdd={onAdd}
      onSelect={onSelect}
      label="人体図（前面）"
      {...props}
    />,
  );
  return { onAdd, onSelect };
}

describe('BodyMap', () => {
  it('adds a marker where the body is tapped, with its region and label, and says how', () => {
    const { onAdd } = renderMap();
    expect(screen.getByText('人体図の痛む場所をタップすると印を付けられます')).toBeTruthy();
    expect(figure().getAttribute('aria-describedby')).toBe(
      screen.getByText('人体図の痛む場所をタップすると印を付けられます').id,
    );
    tap(sx, sy);
    const x = Math.round(sx * 10) / 10;
    const y = Math.round(sy * 10) / 10;
    expect(onAdd).toHaveBeenCalledExactlyOnceWith({
      view: 'front',
      x,
      y,
      region: SHOULDER,
      bodyPart: `前面 (${x.toFixed(1)}%, ${y.toFixed(1)}%)`,
    });
  });

  it('stores a tap on the midline itself, at 50.0 %, without a side (issue 38)', () => {
    const { onAdd } = renderMap();
    tap(50, 45);
    expect(onAdd).toHaveBeenCalledExactlyOnceWith(
      expect.objectContaining({ x: 50, y: 45, region: 'front.lower-abdomen.center' }),
    );
  });

  it('ignores a tap beside the body', () => {
    const { onAdd } = renderMap();
    tap(3, 50);
    tap(50, 99.8);
    expect(onAdd).not.toHaveBeenCalled();
  });

  it('never adds when read-only, and gives no instruction', () => {
    const { onAdd } = renderMap({ readOnly: true });
    tap(sx, sy);
    expect(onAdd).not.toHaveBeenCalled();
    expect(screen.queryByText('人体図の痛む場所をタップすると印を付けられます')).toBeNull();
  });

  it('opens a tapped marker, by tap, Enter or Space, without adding one under it', () => {
    const { onAdd, onSelect } = renderMap({ markers: [{ ...marker('m1', 1, 7), x: sx, y: sy }] });
    const button = screen.getByRole('button', { name: '痛み1（肩（患者の右）・強さ7）' });
    expect(button.getAttribute('tabindex')).toBe('0');
    // At the marker's own spot on the body, where a tap on the figure would add one.
    figure();
    fireEvent.click(button, { clientX: sx * 2, clientY: sy * 4 });
    fireEvent.keyDown(button, { key: 'Enter' });
    fireEvent.keyDown(button, { key: ' ' });
    fireEvent.keyDown(button, { key: 'a' });
    expect(onSelect.mock.calls).toEqual([['m1'], ['m1'], ['m1']]);
    expect(onAdd).not.toHaveBeenCalled();
  });

  it('still opens markers when read-only', () => {
    const { onSelect } = renderMap({ readOnly: true, markers: [marker('m1', 1, 7)] });
    fireEvent.click(screen.getByRole('button', { name: /痛み1/ }));
    expect(onSelect).toHaveBeenCalledWith('m1');
  });

  it("draws only the current view's markers", () => {
    renderMap({ markers: [marker('f1', 1, 5), marker('b2', 2, 5, { view: 'back' }), marker('f3', 3, 5, { x: 80 })] });
    expect(screen.getAllByRole('button').map((b) => b.getAttribute('aria-label')?.slice(0, 3))).toEqual([
      '痛み1',
      '痛み3',
    ]);
  });

  it('colours each marker by its pain band and shows a healed one grey and struck through', () => {
    renderMap({
      markers: [
        marker('a', 1, 9, { x: 20 }),
        marker('b', 2, 6, { x: 80 }),
        marker('c', 3, 4, { y: 60 }),
        marker('d', 4, 2, { y: 90 }),
        marker('e', 5, 8, { y: 20, x: 50, resolved: true }),
      ],
    });
    const fills = screen
      .getAllByRole('button')
      .map((b) => [
        b.querySelector('circle[r]:not(.body-map-hit):not(.body-map-focus)')?.getAttribute('fill'),
        b.querySelector('text')?.getAttribute('fill'),
      ]);
    expect(fills).toEqual([
      ['#dc2626', '#ffffff'],
      ['#ea580c', '#000000'],
      ['#b58900', '#000000'],
      ['#16a34a', '#000000'],
      ['#ffffff', '#4b5563'],
    ]);
    const healed = screen.getByRole('button', { name: /痛み5/ });
    expect(healed.getAttribute('aria-label')).toMatch(/・消失）$/);
    expect(healed.querySelector('line')).not.toBeNull();
  });

  it('names a marker by its stored region, or by the one under it', () => {
    renderMap({ markers: [marker('a', 1, 3, { region: 'front.knee.left' }), marker('b', 2, 3, { x: 99, y: 1 })] });
    expect(screen.getByRole('button', { name: '痛み1（膝（患者の左）・強さ3）' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '痛み2（前面 (99.0%, 1.0%)・強さ3）' })).toBeTruthy();
  });

  it('names a spot on the midline of the head, neck or trunk without a side; off it, or on a leg, with one', () => {
    const neckY = regionCentre(regionById('front.neck.left')!)[1];
    renderMap({
      markers: [
        marker('neck', 1, 3, { x: 50.4, y: neckY, region: 'front.neck.left' }),
        marker('head', 2, 3, { x: 49, y: 8, region: 'front.head.right' }),
        marker('aside', 3, 3, { x: 54, y: neckY, region: 'front.neck.left' }),
        marker('thigh', 4, 3, { x: 50.5, y: 60, region: 'front.thigh.left' }),
      ],
    });
    expect(screen.getByRole('button', { name: '痛み1（前頸部・強さ3）' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '痛み2（頭部・顔面・強さ3）' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '痛み3（前頸部（患者の左）・強さ3）' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '痛み4（大腿前面（患者の左）・強さ3）' })).toBeTruthy();
  });

  it('names a spot stored on the midline without a side, however it was stored', () => {
    renderMap({
      markers: [
        marker('new', 1, 3, { x: 50, y: 45, region: 'front.lower-abdomen.center' }),
        marker('old', 2, 4, { x: 50, y: 46, region: 'front.lower-abdomen.left' }),
      ],
    });
    expect(screen.getByRole('button', { name: '痛み1（下腹部・強さ3）' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '痛み2（下腹部・強さ4）' })).toBeTruthy();
  });

  it('draws markers on one spot apart, each with a line to the spot', () => {
    renderMap({ markers: [marker('a', 1, 5), marker('b', 2, 5), marker('far', 3, 5, { x: 80, y: 80 })] });
    const shown = screen.getAllByRole('button').map((b) => b.getAttribute('transform'));
    expect(new Set(shown).size).toBe(3);
    expect(shown[2]).toBe('translate(160 320)');
    const leaders = [...document.querySelectorAll('[data-leader-for]')].map((g) => g.getAttribute('data-leader-for'));
    expect(leaders).toEqual(['a', 'b']);
    expect(document.querySelector('[data-leader-for="a"] line')?.getAttribute('x1')).toBe('40');
  });

  it('gives each marker a target at least 44 px across (figure 240 px wide until laid out)', () => {
    renderMap({ markers: [marker('a', 1, 5)] });
    const hit = screen.getByRole('button').querySelector('.body-map-hit')!;
    expect(Number(hit.getAttribute('r')) * (240 / 200) * 2).toBeGreaterThanOrEqual(44);
  });
});
