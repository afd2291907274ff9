import { describe, expect, it } from 'vitest';
import { notesPreview } from './notes-preview';

describe('notes preview', () => {
  it('leaves a note of up to 20 characters whole', () => {
    expect(notesPreview('')).toBeNull();
    expect(notesPreview('肩こりが強い')).toBeNull();
    expect(notesPreview('あ'.repeat(20))).toBeNull();
  });

  it('cuts a longer note after 20 characters and marks the cut', () => {
    expect(notesPreview('あ'.repeat(21))).toBe(`${'あ'.repeat(20)}…`);
    expect(notesPreview('右肩の痛みが強く、次回は首から肩甲骨まわりを重点的に施術する')).toBe(
      '右肩の痛みが強く、次回は首から肩甲骨まわ…',
    );
  });

  it('counts a character outside the BMP as one and never cuts it in half', () => {
    const note = `${'あ'.repeat(19)}𠮷野家に寄ってから来院`;
    expect(notesPreview(note)).toBe(`${'あ'.repeat(19)}𠮷…`);
  });

  it('shows a note of several lines on one line, with the full text still to be opened', () => {
    expect(notesPreview('1行目\n2行目')).toBe('1行目 2行目');
  });
});
