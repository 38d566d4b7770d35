import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CSV_TEMPLATE_FILE_NAME, downloadCsvTemplate } from './csv-template.ts';

let saved: { blob: Blob; fileName: string } | null;

// jsdom's Blob has no arrayBuffer(); its FileReader reads the raw bytes (Blob.text() would drop the BOM).
function readBytes(blob: Blob) {
  return new Promise<Uint8Array>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}
let createObjectURL: ReturnType<typeof vi.fn>;
let revokeObjectURL: ReturnType<typeof vi.fn>;

beforeEach(() => {
  saved = null;
  createObjectURL = vi.fn(() => 'blob:template');
  revokeObjectURL = vi.fn();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved = { blob: createObjectURL.mock.calls[0]![0] as Blob, fileName: this.download };
    expect(this.href).toBe('blob:template');
    expect(this.isConnected).toBe(true);
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('downloadCsvTemplate', () => {
  it('saves parts_template.csv: a byte-order mark, then exactly the five template columns', async () => {
    downloadCsvTemplate();
    expect(saved?.fileName).toBe(CSV_TEMPLATE_FILE_NAME);
    expect(CSV_TEMPLATE_FILE_NAME).toBe('parts_template.csv');

    const bytes = await readBytes(saved!.blob);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text).toBe('\uFEFF部品名,単位,単価,現在在庫,最小在庫アラート\r\n');
    expect(saved!.blob.type).toBe('text/csv;charset=utf-8');
  });

  it('removes the temporary link and releases the object URL afterwards', () => {
    vi.useFakeTimers();
    downloadCsvTemplate();
    expect(document.querySelector('a[download]')).toBeNull();
    expect(revokeObjectURL).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:template');
  });
});
