import { describe, expect, it } from 'vitest';
import { deviceLabel, operationLabel, operationLabelWithName } from './operation-format';

describe('operation log words', () => {
  it("names the spec's operation types in Japanese and any other name 不明な操作, even the names of an object's insides", () => {
    expect(operationLabel('emotion_display_error')).toBe('感情の表示エラー');
    for (const name of ['something_new', '__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      expect(operationLabel(name), name).toBe('不明な操作');
      expect(operationLabelWithName(name), name).toBe(`不明な操作（${name}）`);
    }
    expect(operationLabelWithName('sync_error')).toBe('同期のエラー');
  });
  it('names a device, with 不明 for what it did not say', () => {
    expect(deviceLabel({ type: 'tablet', os: 'Android 14', browser: 'Chrome 131' })).toBe(
      'タブレット・Android 14・Chrome 131',
    );
    expect(deviceLabel({ type: '', os: '', browser: '' })).toBe('不明・不明・不明');
    expect(deviceLabel({ type: '__proto__', os: 'toString', browser: 'x' })).toBe('__proto__・toString・x');
    expect(deviceLabel({ type: 'constructor', os: '', browser: '' })).toBe('constructor・不明・不明');
  });
  it('names a device by the name it was given in 設定 first', () => {
    expect(deviceLabel({ type: 'tablet', os: 'Android 14', browser: 'Chrome 131', name: '施術室1' })).toBe(
      '施術室1（タブレット・Android 14・Chrome 131）',
    );
  });
});
