import { regionById, regionPath } from '@clinic/sync-protocol/body';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../test-utils/render';
import { BodyHeatMap } from './body-heat-map';
import { HEAT_COLOURS } from './heat-scale';

const heat = [
  { region: 'front.shoulder.right', level: 7.5, count: 4 },
  { region: 'front.knee.left', level: 3, count: 2 },
  { region: 'front.chest.left', level: 0, count: 1 },
  { region: 'back.low-back.left', level: 9, count: 5 },
];

describe('BodyHeatMap', () => {
  it('shades each region with heat by its level, prints the level, and leaves the rest unshaded', () => {
    const { container } = render(
      <BodyHeatMap view="front" figureStyle="chart" heat={heat} label="痛みの分布（前面）" />,
    );
    const shaded = [...container.querySelectorAll('[data-region]')];
    expect(shaded.map((p) => [p.getAttribute('data-region'), p.getAttribute('fill')])).toEqual([
      ['front.shoulder.right', HEAT_COLOURS[3]],
      ['front.knee.left', HEAT_COLOURS[1]],
    ]);
    expect(shaded[0]!.getAttribute('d')).toBe(regionPath(regionById('front.shoulder.right')!));
    expect([...container.querySelectorAll('.body-map-heat-value')].map((t) => t.textContent)).toEqual(['7.5', '3']);
    expect(container.querySelector('[data-highlight]')).toBeNull();
    expect(screen.queryByText('慢性的な部位')).toBeNull();
  });

  it('outlines chronic areas thick and says so in the legend', () => {
    const { container } = render(
      <BodyHeatMap
        view="front"
        figureStyle="interview"
        heat={heat}
        highlight={['front.shoulder.right', 'back.low-back.left']}
        label="痛みの分布（前面）"
      />,
    );
    const outlined = [...container.querySelectorAll('[data-highlight]')];
    expect(outlined.map((p) => p.getAttribute('data-highlight'))).toEqual(['front.shoulder.right']);
    expect(outlined[0]!.getAttribute('class')).toBe('body-map-heat-highlight');
    expect(screen.getByText('慢性的な部位')).toBeTruthy();
    expect(screen.getByText('痛みの強さ：')).toBeTruthy();
    expect(screen.getByText('軽い')).toBeTruthy();
    expect(screen.getByText('強い')).toBeTruthy();
  });

  it('tells a screen reader the regions with heat, strongest first, and the chronic areas', () => {
    render(
      <BodyHeatMap
        view="front"
        figureStyle="chart"
        heat={heat}
        highlight={['front.shoulder.right']}
        label="痛みの分布（前面）"
      />,
    );
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe(
      '痛みの分布（前面）。痛みのある部位：肩（患者の右） 強さ7.5（4件）、膝（患者の左） 強さ3（2件）。慢性的な部位：肩（患者の右）',
    );
  });

  it('shades a midline spot across both halves and names it without a side (issue 38)', () => {
    const { container } = render(
      <BodyHeatMap
        view="front"
        figureStyle="chart"
        heat={[{ region: 'front.lower-abdomen.center', level: 6, count: 1 }]}
        label="痛みの分布（前面）"
      />,
    );
    const shaded = [...container.querySelectorAll('[data-region]')];
    expect(shaded.map((p) => p.getAttribute('data-region'))).toEqual(['front.lower-abdomen.center']);
    const middle = regionById('front.lower-abdomen.center')!;
    expect(shaded[0]!.getAttribute('d')).toBe(regionPath(middle));
    const xs = middle.polygon.map((p) => p[0]);
    expect(Math.min(...xs)).toBeLessThan(40);
    expect(Math.max(...xs)).toBeGreaterThan(60);
    const name = container.querySelector('svg')!.getAttribute('aria-label')!;
    expect(name).toContain('下腹部');
    expect(name).not.toContain('患者の');
  });

  it('says when nothing has heat on this side', () => {
    const { container } = render(
      <BodyHeatMap
        view="back"
        figureStyle="chart"
        heat={[{ region: 'front.knee.left', level: 5, count: 1 }]}
        label="痛みの分布（背面）"
      />,
    );
    expect(screen.getByRole('img', { name: '痛みの分布（背面）。痛みの記録がありません' })).toBeTruthy();
    expect(container.querySelector('[data-region]')).toBeNull();
  });
});
