import { apiPaths, API_BASE } from '@inventory/contracts/api-paths';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.ts';
import { server } from '../../../testing/mock-server.ts';
import { downloadFile } from '../../../lib/download-file.ts';
import { exportPartsCsv, partsCsvFileName } from './export-parts-csv.ts';

vi.mock('../../../lib/notify.ts', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));
vi.mock('../../../lib/download-file.ts', () => ({ downloadFile: vi.fn() }));

const answerExport = (reply: () => Response) => server.use(http.get(`${API_BASE}${apiPaths.parts.exportCsv}`, reply));

beforeEach(() => vi.clearAllMocks());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('partsCsvFileName', () => {
  it('uses the local calendar date', () => {
    // 23:30 local time on 31 March is still 31 March for the user, whatever UTC says.
    expect(partsCsvFileName(new Date(2026, 2, 31, 23, 30))).toBe('parts_2026-03-31.csv');
    expect(partsCsvFileName(new Date(2026, 0, 1, 0, 5))).toBe('parts_2026-01-01.csv');
  });
});

describe('exportPartsCsv', () => {
  it('downloads GET /parts/export/csv as a blob and saves it as parts_{date}.csv', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 22, 9, 0));
    const csv = '\uFEFF部品名,単位\r\nLED,個\r\n';
    answerExport(() => new HttpResponse(csv, { status: 200, headers: { 'Content-Type': 'text/csv; charset=utf-8' } }));

    await expect(exportPartsCsv()).resolves.toBe(true);

    const [blob, fileName] = vi.mocked(downloadFile).mock.calls[0]!;
    expect(fileName).toBe('parts_2026-11-22.csv');
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([...new TextEncoder().encode(csv)]);
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('shows the catalogue toast and saves nothing when the export fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    answerExport(() => HttpResponse.json({ error: 'サーバーエラー' }, { status: 500 }));

    await expect(exportPartsCsv()).resolves.toBe(false);

    expect(notify.error).toHaveBeenCalledExactlyOnceWith('CSV エクスポートに失敗しました');
    expect(downloadFile).not.toHaveBeenCalled();
  });

  it('shows the same toast when the network fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    answerExport(() => HttpResponse.error());
    await expect(exportPartsCsv()).resolves.toBe(false);
    expect(notify.error).toHaveBeenCalledExactlyOnceWith('CSV エクスポートに失敗しました');
  });
});
