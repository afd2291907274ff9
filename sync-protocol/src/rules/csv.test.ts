import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, encodeCsv, type CsvRow } from './csv';

/** A plain RFC 4180 reader (what Excel does with the file), to check that every cell comes back whole. */
function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  return rows;
}

const body = (rows: readonly CsvRow[]) => encodeCsv(rows).slice(1);

describe('encodeCsv', () => {
  it('starts with a BOM and ends every line, the last too, with CRLF', () => {
    const text = encodeCsv([
      ['日付', '顧客'],
      ['2026-11-20', '山田 花子'],
    ]);
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text.slice(1)).toBe('日付,顧客\r\n2026-11-20,山田 花子\r\n');
    expect(text.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
  });

  it('gives no rows just the BOM, and an empty row an empty line', () => {
    expect(encodeCsv([])).toBe('\uFEFF');
    expect(body([[]])).toBe('\r\n');
  });

  it('quotes a cell with a quote, comma, CR or LF, doubling its quotes, and leaves others bare', () => {
    expect(csvCell('腰痛、肩こり')).toBe('腰痛、肩こり'); // the Japanese comma is no separator
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('彼は"大丈夫"と')).toBe('"彼は""大丈夫""と"');
    expect(csvCell('1行目\n2行目')).toBe('"1行目\n2行目"');
    expect(csvCell('1行目\r\n2行目')).toBe('"1行目\r\n2行目"');
    expect(csvCell('"')).toBe('""""');
    expect(csvCell(' 前後に空白 ')).toBe(' 前後に空白 ');
  });

  it('writes numbers plainly and null as an empty cell', () => {
    expect(body([[3000, null, 0, '']])).toBe('3000,,0,\r\n');
  });

  it('prefixes text starting with = + - @ tab or CR with a quote mark, so Excel shows it as text', () => {
    expect(csvCell('=HYPERLINK("http://example.com")')).toBe('"\'=HYPERLINK(""http://example.com"")"');
    expect(csvCell('+81 90')).toBe("'+81 90");
    expect(csvCell('-5')).toBe("'-5"); // a note that looks like a negative number is still typed text
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('\r=1')).toBe('"\'\r=1"');
    expect(csvCell('=1,2')).toBe('"\'=1,2"');
    // Only the start counts, and a number the program wrote is a value.
    expect(csvCell('痛み -5')).toBe('痛み -5');
    expect(csvCell('2026-11-20')).toBe('2026-11-20');
    expect(csvCell(-5)).toBe('-5');
  });

  it('reads back cell for cell (formula-like text with its quote mark), for any text', () => {
    const cell = fc.oneof(
      fc.string(),
      fc.constantFrom('=1+1', '-5', '"', ',', '\r\n', '山田 花子', '\t', '@'),
      fc.integer(),
      fc.constant(null),
    );
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 1, maxLength: 6 }), { maxLength: 6 }), (rows) => {
        const expected = rows.map((row) =>
          row.map((c) => (c === null ? '' : typeof c === 'number' ? String(c) : /^[=+\-@\t\r]/.test(c) ? `'${c}` : c)),
        );
        expect(readCsv(body(rows))).toEqual(expected);
      }),
    );
  });
});
