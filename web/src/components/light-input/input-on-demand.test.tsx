import { act, fireEvent, render, screen } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { InputOnDemand, preloadInput } from './input-on-demand';

function Search() {
  const [value, setValue] = useState('');
  return <InputOnDemand aria-label="顧客を検索" value={value} onChange={(e) => setValue(e.target.value)} allowClear />;
}

describe('InputOnDemand', () => {
  it('is a named box at once; antd’s box takes its place with the typed text and the focus', async () => {
    render(
      <ConfigProvider>
        <Search />
      </ConfigProvider>,
    );
    const standIn = screen.getByRole('textbox', { name: '顧客を検索' });
    act(() => standIn.focus());
    fireEvent.change(standIn, { target: { value: 'やまだ' } });
    await act(() => preloadInput());
    const box = screen.getByRole('textbox', { name: '顧客を検索' });
    expect(box).not.toBe(standIn);
    expect((box as HTMLInputElement).value).toBe('やまだ');
    expect(document.activeElement).toBe(box);
    // antd's own box: its clear button is there now.
    expect(box.closest('.ant-input-affix-wrapper')).toBeTruthy();
  });
});
