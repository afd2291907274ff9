import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { withAntd } from '../../test-utils/render';
import { Segmented } from './segmented';

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
    render(withAntd(<Sorting />));
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
