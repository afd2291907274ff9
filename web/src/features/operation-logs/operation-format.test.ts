import { describe, expect, it } from 'vitest';
import { deviceLabel, operationLabel, prettyJson } from './operation-format';

describe('operation log words', () => {
  it('names the spec\'s operation types in Japanese and keeps unknown ones as sent', () => {
    expect(operationLabel('emotion_display_error')).toBe('感情の表示エラー');
    expect(operationLabel('something_new')).toBe('something_new');
  });
  it('names a device, with 不明 for what it did not say', () => {
    expect(deviceLabel({ type: 'tablet', os: 'Android 14', browser: 'Chrome 131' })).toBe('タブレット・Android 14・Chrome 131');
    expect(deviceLabel({ type: '', os: '', browser: '' })).toBe('不明・不明・不明');
  });
  it('indents JSON and shows text that is not JSON as it is', () => {
    expect(prettyJson({ a: 1 })).toBe('{\n  "a": 1\n}');
    expect(prettyJson('{"a":1')).toBe('{"a":1');
    expect(prettyJson(null)).toBe('—');
  });
});
