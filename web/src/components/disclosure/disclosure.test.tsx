import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Disclosure } from './disclosure';

describe('Disclosure', () => {
  it('shows its content only while open, and opens and closes from its title', () => {
    render(
      <>
        <Disclosure title="端末情報">ブラウザ: Chrome</Disclosure>
        <Disclosure title="エラー（1件）" defaultOpen>
          読み込みに失敗しました
        </Disclosure>
      </>,
    );
    const device = screen.getByText('端末情報').closest('details');
    const errors = screen.getByText('エラー（1件）').closest('details');
    expect(device?.open).toBe(false);
    expect(errors?.open).toBe(true);
    fireEvent.click(screen.getByText('端末情報'));
    expect(device?.open).toBe(true);
    fireEvent.click(screen.getByText('エラー（1件）'));
    expect(errors?.open).toBe(false);
  });
});
