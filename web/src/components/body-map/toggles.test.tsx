import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { withAntd } from '../../test-utils/render';
import { FigureStyleToggle, ViewToggle } from './toggles';

describe('figure toggles', () => {
  it('switch front and back', () => {
    const onChange = vi.fn();
    render(withAntd(<ViewToggle value="front" onChange={onChange} />));
    const group = screen.getByLabelText('人体図の向き');
    expect(group.textContent).toBe('前面背面');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: '前面' }).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: '背面' }));
    expect(onChange).toHaveBeenCalledWith('back');
  });

  it('switch the simple (簡易) and the detailed (詳細) figure', () => {
    const onChange = vi.fn();
    render(withAntd(<FigureStyleToggle value="chart" onChange={onChange} />));
    expect(screen.getByLabelText('人体図の種類').textContent).toBe('簡易詳細');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: '詳細' }).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: '簡易' }));
    expect(onChange).toHaveBeenCalledWith('interview');
  });
});
