import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { withAntd } from '../../test-utils/render';
import { NoPermission } from './no-permission';

describe('no-permission page', () => {
  it('names the required and the current role and leads back', () => {
    const onBack = vi.fn();
    render(withAntd(<NoPermission requiredRole="admin" currentRole="staff" onBack={onBack} />));
    expect(screen.getByRole('heading', { name: 'アクセス権限がありません' })).toBeTruthy();
    expect(screen.getByText('このページにアクセスする権限がありません。')).toBeTruthy();
    expect(screen.getByText('必要な権限: 管理者')).toBeTruthy();
    expect(screen.getByText('現在の権限: スタッフ')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'ダッシュボードへ戻る' }));
    expect(onBack).toHaveBeenCalledOnce();
  });
});
