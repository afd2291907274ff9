import { describe, expect, it } from 'vitest';
import { auditActionLabel, auditDeviceLabel, auditEntityLabel } from './audit-words';

describe('access log words', () => {
  it('names reads, changes and login events as a clinic says them', () => {
    expect(auditActionLabel('customer.read')).toBe('顧客の閲覧');
    expect(auditActionLabel('visit.update')).toBe('来院記録の変更');
    expect(auditActionLabel('faceAnalysis.create')).toBe('表情分析の登録');
    expect(auditActionLabel('login_failure')).toBe('ログイン失敗');
    expect(auditActionLabel('user_unlock')).toBe('ロック解除');
    expect(auditActionLabel('visits.export')).toBe('来院記録のCSV出力');
    expect(auditActionLabel('media.export')).toBe('写真・動画のダウンロード');
    expect(auditActionLabel('login_locked')).toBe('ログインのロック');
    expect(auditActionLabel('password_change_failure')).toBe('パスワード変更の失敗');
    expect(auditActionLabel('device_key_issue')).toBe('端末データの鍵の受け渡し');
    expect(auditActionLabel('device_key_revoke')).toBe('端末データの鍵の無効化');
    expect(auditEntityLabel('device')).toBe('端末');
  });
  it('names a device syncing as the device’s sync, never as a person’s read, and its registration and refusals', () => {
    expect(auditActionLabel('sync.pull')).toBe('端末の同期');
    expect(auditActionLabel('device_register')).toBe('端末の同期の登録');
    expect(auditActionLabel('device_credential_refused')).toBe('端末の確認の失敗（同期を拒否）');
  });
  it('says the cover image of a video naturally, once', () => {
    expect(auditActionLabel('media.poster')).toBe('動画の表紙画像の登録');
  });
  it("never reads Object's own members as labels", () => {
    expect(auditActionLabel('__proto__')).toBe('__proto__');
    expect(auditActionLabel('constructor.toString')).toBe('constructor.toString');
    expect(auditEntityLabel('__proto__')).toBe('__proto__');
  });
  it('shows an unknown action as the server named it', () => {
    expect(auditActionLabel('robot.dance')).toBe('robot.dance');
    expect(auditActionLabel('mystery')).toBe('mystery');
    expect(auditEntityLabel(null)).toBe('—');
  });
  it('names a device by its name, else readably, never as a raw IPv6-mapped address', () => {
    const id = '0f397b8b-1111-4222-8333-444455556666';
    expect(auditDeviceLabel({ deviceName: '施術室1', clientId: id, ip: '::ffff:127.0.0.1' })).toBe('施術室1');
    expect(auditDeviceLabel({ deviceName: null, clientId: id, ip: '::ffff:127.0.0.1' })).toBe(
      '名前のない端末（0f39…）',
    );
    expect(auditDeviceLabel({ deviceName: null, clientId: null, ip: '::ffff:127.0.0.1' })).toBe(
      '端末不明（127.0.0.1）',
    );
    expect(auditDeviceLabel({ deviceName: null, clientId: null, ip: null })).toBe('—');
  });
});
