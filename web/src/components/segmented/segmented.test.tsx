import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Segmented } from './segmented';

// Not test-utils' providers: antd-look's test draws this folder's component, and test-utils draws LightApp.
afterEach(cleanup);

function Sorting() {
  const [value, setValue] = useState<'new' | 'kana'>('new');
  return (
    <Segmented
      size="large"
      aria-label="並び順"
      value={value}
      onChange={setValue}
      options={[
        { value: 'new', label: '新しい順' },
        { value: 'kana', label: 'フリガナ順' },
      ]}
    />
  );
}

describe('Segmented', () => {
  it('is a named radio group whose choice a tap changes, drawn with antd’s classes', () => {
    render(
      <ConfigProvider>
        <Sorting />
      </ConfigProvider>,
    );
    const group = screen.getByRole('radiogroup', { name: '並び順' });
    expect(group.className).toContain('ant-segmented-lg');
    const newest = screen.getByRole<HTMLInputElement>('radio', { name: '新しい順' });
    const kana = screen.getByRole<HTMLInputElement>('radio', { name: 'フリガナ順' });
    expect([newest.checked, kana.checked]).toEqual([true, false]);
    fireEvent.click(kana);
    expect([newest.checked, kana.checked]).toEqual([false, true]);
    expect(kana.closest('label')!.className).toContain('ant-segmented-item-selected');
    expect(newest.closest('label')!.className).not.toContain('ant-segmented-item-selected');
  });
});
