import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { withAntd } from '../../test-utils/render';
import { VisitPicker } from './visit-picker';

const visits = [
  { id: 'v3', date: '2026-11-20', serviceMenu: '鍼灸', price: 6000, createdAt: '2026-11-20T06:05:00.000Z' },
  { id: 'v2', date: '2026-11-20', serviceMenu: '鍼灸', price: null, createdAt: '2026-11-20T01:30:00.000Z' },
  { id: 'v1', date: '2026-11-01', serviceMenu: '', price: null, createdAt: '2026-11-02T01:30:00.000Z' },
];
const picker = () => screen.getByRole('combobox', { name: '来院記録' });

describe('visit picker', () => {
  it('is disabled and says why until a customer is chosen', () => {
    render(withAntd(<VisitPicker customerId={null} visits={visits} value="v2" onChange={vi.fn()} />));
    expect((picker() as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('先に顧客を選択してください')).toBeTruthy();
    expect(screen.queryByText(/2026-11-20/)).toBeNull();
  });

  it("lists the customer's visits by date, time, menu and price (two of one day apart) and hands back the chosen one", async () => {
    const onChange = vi.fn();
    render(withAntd(<VisitPicker customerId="c1" visits={visits} value={null} onChange={onChange} />));
    fireEvent.mouseDown(picker());
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option')).toHaveLength(3));
    const options = [...document.querySelectorAll('.ant-select-item-option')];
    expect(options.map((o) => o.textContent)).toEqual([
      '2026-11-20 15:05　鍼灸　¥6,000',
      '2026-11-20 10:30　鍼灸',
      '2026-11-01',
    ]);
    fireEvent.click(options[1]!);
    expect(onChange).toHaveBeenCalledWith('v2');
  });

  it('says when the visits load and when there are none', async () => {
    const { rerender } = render(
      withAntd(<VisitPicker customerId="c1" visits={null} value={null} onChange={vi.fn()} />),
    );
    fireEvent.mouseDown(picker());
    expect(await screen.findByText('来院記録を読み込み中…')).toBeTruthy();
    rerender(withAntd(<VisitPicker customerId="c1" visits={[]} value={null} onChange={vi.fn()} />));
    expect(await screen.findByText('この顧客の来院記録はありません')).toBeTruthy();
  });
});
