import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { withAntd } from '../../test-utils/render';
import { StatCards } from './stat-cards';

describe('StatCards', () => {
  it('keeps a figure with its unit on one line (1,119ミリ秒 never breaks inside ミリ秒), the unit smaller', () => {
    render(
      withAntd(
        <StatCards
          label="集計"
          stats={[
            { key: 'load', label: '平均読み込み時間', value: '1,119ミリ秒', tone: 'warn' },
            { key: 'errors', label: 'エラー数', value: 7 },
          ]}
        />,
      ),
    );
    const unit = screen.getByText('ミリ秒');
    expect(unit.className).toBe('stat-card-unit');
    const figure = unit.parentElement!;
    expect(figure.className).toBe('stat-card-figure');
    expect(figure.textContent).toBe('1,119ミリ秒');
    expect(figure.closest('.stat-card-warn')).not.toBeNull();
    // A bare number stays as it was.
    expect(screen.getByText('7').className).toBe('stat-card-value');
  });
});
