import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { mockApi, renderWithQueryClient } from '../../../testing/api-mock.tsx';
import { CsvImportModal } from './csv-import-modal.tsx';

vi.mock('../../../lib/notify.ts', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

const csvFile = (text = '部品名,単位\nLED,個\n', name = 'parts.csv') => new File([text], name, { type: 'text/csv' });
const fileInput = () => screen.getByLabelText('CSVファイル') as HTMLInputElement;

beforeEach(() => vi.clearAllMocks());
afterEach(() => {
  vi.restoreAllMocks();
});

describe('CsvImportModal', () => {
  it('accepts only .csv files and explains the columns', () => {
    renderWithQueryClient(<CsvImportModal onClose={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'CSVインポート' })).toBeInTheDocument();
    expect(fileInput()).toHaveAttribute('accept', '.csv,text/csv');
    expect(screen.getByText(/部品名、単位、単価、現在在庫、最小在庫アラート/)).toBeInTheDocument();
  });

  it('asks for a file when importing without one, and sends nothing', async () => {
    const calls = mockApi({});
    renderWithQueryClient(<CsvImportModal onClose={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'インポート' }));
    expect(screen.getByRole('alert')).toHaveTextContent('CSVファイルを選択してください');
    expect(fileInput()).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([]);

    await userEvent.upload(fileInput(), csvFile());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends the file under the field csv and shows the result with the row errors', async () => {
    const calls = mockApi({
      'POST /parts/import/csv': () => ({
        body: { imported: 3, created: 2, updated: 1, unchanged: 0, errors: ['3行目: 部品名は必須です', '5行目: 単価は0以上で入力してください'] },
      }),
    });
    const { queryClient } = renderWithQueryClient(<CsvImportModal onClose={() => {}} />);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const file = csvFile();
    await userEvent.upload(fileInput(), file);
    await userEvent.click(screen.getByRole('button', { name: 'インポート' }));

    const result = await screen.findByRole('region', { name: 'インポート結果' });
    const sent = calls[0]!.body as FormData;
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/parts/import/csv' });
    // The file arrives whole (its name is the browser's business: Node's fetch does not keep a jsdom File's name).
    expect(await (sent.get('csv') as File).text()).toBe('部品名,単位\nLED,個\n');

    const counts = within(result).getAllByRole('definition').map((value) => value.textContent);
    expect(within(result).getAllByRole('term').map((term) => term.textContent)).toEqual(['取り込み', '新規登録', '更新', '変更なし']);
    expect(counts).toEqual(['3件', '2件', '1件', '0件']);
    const errors = within(result).getByRole('list', { name: 'エラー (2件)' });
    expect(within(errors).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '3行目: 部品名は必須です',
      '5行目: 単価は0以上で入力してください',
    ]);
    expect(errors).toHaveClass('overflow-y-auto');

    expect(notify.success).toHaveBeenCalledWith('3件の部品をインポートしました');
    expect(notify.warning).toHaveBeenCalledWith('2件のエラーがありました');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.parts.all });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.tags.all });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.manufacturing.all });
  });

  it('shows no warning when every row was imported, and starts over for another file', async () => {
    mockApi({ 'POST /parts/import/csv': () => ({ body: { imported: 1, created: 1, updated: 0, unchanged: 0, errors: [] } }) });
    renderWithQueryClient(<CsvImportModal onClose={() => {}} />);
    await userEvent.upload(fileInput(), csvFile());
    await userEvent.click(screen.getByRole('button', { name: 'インポート' }));
    await screen.findByRole('region', { name: 'インポート結果' });
    expect(screen.queryByRole('list', { name: /エラー/ })).not.toBeInTheDocument();
    expect(notify.warning).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: '別のファイルをインポート' }));
    expect(fileInput()).toHaveValue('');
  });

  it('counts the rows equal to the stored parts apart from updates (更新 0件・変更なし 13件)', async () => {
    mockApi({ 'POST /parts/import/csv': () => ({ body: { imported: 13, created: 0, updated: 0, unchanged: 13, errors: [] } }) });
    renderWithQueryClient(<CsvImportModal onClose={() => {}} />);
    await userEvent.upload(fileInput(), csvFile());
    await userEvent.click(screen.getByRole('button', { name: 'インポート' }));
    const result = await screen.findByRole('region', { name: 'インポート結果' });
    const shown = within(result)
      .getAllByRole('term')
      .map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`);
    expect(shown).toEqual(['取り込み 13件', '新規登録 0件', '更新 0件', '変更なし 13件']);
    expect(notify.info).toHaveBeenCalledWith('登録済みの内容と同じでした（変更なし 13件）');
    expect(notify.success).not.toHaveBeenCalled();
  });

  it("toasts the server's message when the import fails, and the catalogue's text without one", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    let reply: { status: number; body: unknown } = { status: 400, body: { error: '部品名の列がありません' } };
    mockApi({ 'POST /parts/import/csv': () => reply });
    renderWithQueryClient(<CsvImportModal onClose={() => {}} />);
    await userEvent.upload(fileInput(), csvFile());

    await userEvent.click(screen.getByRole('button', { name: 'インポート' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('部品名の列がありません'));

    reply = { status: 500, body: {} };
    await userEvent.click(screen.getByRole('button', { name: 'インポート' }));
    await waitFor(() => expect(notify.error).toHaveBeenLastCalledWith('CSV インポートに失敗しました'));
    expect(screen.queryByRole('region', { name: 'インポート結果' })).not.toBeInTheDocument();
  });

  it('keeps the modal open while the file is being imported', async () => {
    mockApi({ 'POST /parts/import/csv': () => new Promise(() => {}) });
    const onClose = vi.fn();
    renderWithQueryClient(<CsvImportModal onClose={onClose} />);
    await userEvent.upload(fileInput(), csvFile());
    await userEvent.click(screen.getByRole('button', { name: 'インポート' }));
    expect(await screen.findByRole('button', { name: 'インポート中...' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
  });
});
