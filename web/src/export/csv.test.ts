import { afterEach, describe, expect, it, vi } from 'vitest';
import { csvBlob, downloadCsv } from './csv';

describe('csvBlob', () => {
  it('writes the BOM as the bytes EF BB BF and Japanese text as UTF-8', async () => {
    const blob = csvBlob([['施術メニュー', '整体60分']]);
    expect(blob.type).toBe('text/csv;charset=utf-8');
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes.slice(3))).toBe('施術メニュー,整体60分\r\n');
  });
});

describe('downloadCsv', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('saves the file through a temporary download link and frees it afterwards', async () => {
    vi.useFakeTimers();
    const blobs: Blob[] = [];
    const create = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:csv-1';
    });
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicked: { download: string; href: string; inPage: boolean }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({
        download: this.download,
        href: this.getAttribute('href') ?? '',
        inPage: document.body.contains(this),
      });
    });

    downloadCsv('来院記録_2026-11-01_2026-11-30.csv', [['日付'], ['2026-11-20']]);

    expect(create).toHaveBeenCalledTimes(1);
    expect(clicked).toEqual([{ download: '来院記録_2026-11-01_2026-11-30.csv', href: 'blob:csv-1', inPage: true }]);
    expect(document.querySelector('a[download]')).toBeNull();
    expect(blobs[0]!.type).toBe('text/csv;charset=utf-8');
    expect(await blobs[0]!.text()).toBe('\uFEFF日付\r\n2026-11-20\r\n');
    expect(revoke).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(revoke).toHaveBeenCalledWith('blob:csv-1');
  });
});
