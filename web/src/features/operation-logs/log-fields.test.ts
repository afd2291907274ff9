import { describe, expect, it } from 'vitest';
import { answerFields, dataFields } from './log-fields';

describe('log details as labelled fields', () => {
  it('names what the face screen records, in words, not JSON', () => {
    expect(dataFields({ engine: 'device', imageType: 'image/jpeg', imageBytes: 2048, online: true })).toEqual([
      { label: '分析の方法', value: 'この端末' },
      { label: '画像の形式', value: 'image/jpeg' },
      { label: '画像の大きさ', value: '2.0 KB' },
      { label: '通信状態', value: 'オンライン' },
    ]);
    expect(dataFields('{"faces":[1,3],"processingTime":1234.4}')).toEqual([
      { label: '顔', value: '1・3人目' },
      { label: '処理時間', value: '1,234ミリ秒' },
    ]);
  });

  it('reads an API answer as its result, faces and time', () => {
    const answer = {
      success: true,
      engine: 'server',
      data: { analysisResult: { faces: [{}, {}] }, processingTime: 800 },
    };
    expect(answerFields(answer)).toEqual([
      { label: '結果', value: '成功' },
      { label: '分析の方法', value: 'サーバー' },
      { label: '検出した顔', value: '2人' },
      { label: '処理時間', value: '800ミリ秒' },
    ]);
    expect(answerFields({ success: false, error: '分析に失敗しました' })).toEqual([
      { label: '結果', value: '失敗' },
      { label: 'エラーの内容', value: '分析に失敗しました' },
    ]);
  });

  it('labels what it does not know by its key, text stays text, nothing is none', () => {
    expect(dataFields({ __proto__: 'x', extra: { a: 1 } })).toEqual([{ label: 'その他（extra）', value: '{"a":1}' }]);
    expect(dataFields('not json')).toEqual([{ label: '内容', value: 'not json' }]);
    expect(dataFields(null)).toEqual([]);
    expect(answerFields(undefined)).toEqual([]);
  });
});
