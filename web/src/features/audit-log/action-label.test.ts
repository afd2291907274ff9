import { describe, expect, it } from 'vitest';
import { actionLabel, entityLabel } from './action-label';

describe('access log words', () => {
  it('names reads, changes and login events as a clinic says them', () => {
    expect(actionLabel('customer.read')).toBe('顧客の閲覧');
    expect(actionLabel('visit.update')).toBe('来院記録の変更');
    expect(actionLabel('faceAnalysis.create')).toBe('表情分析の登録');
    expect(actionLabel('login_failure')).toBe('ログイン失敗');
    expect(actionLabel('user_unlock')).toBe('ロック解除');
    expect(actionLabel('visits.export')).toBe('来院記録のCSV出力');
    expect(actionLabel('media.export')).toBe('写真・動画のダウンロード');
    expect(actionLabel('login_locked')).toBe('ログインのロック');
    expect(actionLabel('password_change_failure')).toBe('パスワード変更の失敗');
  });
  it("never reads Object's own members as labels", () => {
    expect(actionLabel('__proto__')).toBe('__proto__');
    expect(actionLabel('constructor.toString')).toBe('constructor.toString');
    expect(entityLabel('__proto__')).toBe('__proto__');
  });
  it('shows an unknown action as the server named it', () => {
    expect(actionLabel('robot.dance')).toBe('robot.dance');
    expect(actionLabel('mystery')).toBe('mystery');
    expect(entityLabel(null)).toBe('—');
  });
});
