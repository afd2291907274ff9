import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { withAntd } from '../../test-utils/render';
import { NoPermission } from './no-permission';

describe('no-permission page', () => {
  it('names the required and the current role and leads back', () => {
    const onBack = vi.fn();
    render(withAntd(<NoPermission requiredRole="admin" currentRole="staff" onBack={onBack} />));
    expect(screen.getByRole('heading', { name: '管理者権限が必要です。' })).toBeTruthy();
    expect(screen.getByRole('heading').parentElement?.parentElement?.textContent).toContain(
      '管理者権限が必要です。このページにアクセスする権限がありません。',
    );
    expect(screen.getByText('このページにアクセスする権限がありません。')).toBeTruthy();
    expect(screen.getByText('必要な権限: 管理者')).toBeTruthy();
    expect(screen.getByText('現在の権限: スタッフ')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'ダッシュボードへ戻る' }));
    expect(onBack).toHaveBeenCalledOnce();
  });
});

describe('no-permission page of a staff page', () => {
  it('says アクセス権限がありません', () => {
    render(withAntd(<NoPermission requiredRole="staff" currentRole="admin" onBack={() => undefined} />));
    expect(screen.getByRole('heading', { name: 'アクセス権限がありません' })).toBeTruthy();
  });
});
