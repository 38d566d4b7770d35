import type { SalesImportFormat, SalesImportResult } from '@inventory/contracts/sales-import';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithQueryClient } from '../../../testing/api-mock.tsx';
import { makeProduct } from '../../../testing/make-product.ts';
import { SalesImportScreen } from './sales-import-screen.tsx';

const FILE = new File(['注文ID,注文日時,商品名,数量,価格\nA1,2026/11/20,マグ,1,1800\n'], 'base.csv', { type: 'text/csv' });

const result = (overrides: Partial<SalesImportResult> = {}): SalesImportResult => ({
  lines: 2,
  orders: 2,
  to_import: 1,
  duplicates: 0,
  skipped: 0,
  unmatched: [],
  cancellations: 0,
  short_of_stock: [],
  errors: [],
  imported: 0,
  returned: 0,
  ...overrides,
});

const FORMAT: SalesImportFormat = {
  id: 7,
  name: 'BASE',
  columns: { order_id: '注文ID', order_date: '注文日時', sku: null, product_name: '商品名', variation: null, quantity: '数量', unit_price: '価格', status: null },
  cancelled_values: [],
  created_at: '2026-11-27T00:00:00.000Z',
  updated_at: '2026-11-27T00:00:00.000Z',
};

function renderScreen() {
  return renderWithQueryClient(
    <MemoryRouter initialEntries={['/sales/import']}>
      <SalesImportScreen />
    </MemoryRouter>,
  );
}

describe('SalesImportScreen', () => {
  it('maps a new format from the guessed headers, previews, resolves an unmatched line and imports', async () => {
    let previews = 0;
    const calls = mockApi({
      'GET /sales/import/formats': () => ({ body: previews > 0 ? [FORMAT] : [] }),
      'GET /sales/import/history': () => ({ body: [] }),
      'GET /products': () => ({ body: [makeProduct({ id: 3, name: 'ガラスマグ' })] }),
      'POST /sales/import/sample': () => ({ body: { headers: ['注文ID', '注文日時', '商品名', '数量', '価格'], rows: [['A1', '2026/11/20', 'マグ', '1', '1800']] } }),
      'POST /sales/import/formats': () => ({ status: 201, body: FORMAT }),
      'POST /sales/import/preview': () => {
        previews += 1;
        return { body: previews === 1 ? result({ unmatched: [{ external_sku: '', external_name: 'マグ', count: 1 }] }) : result({ to_import: 2 }) };
      },
      'POST /sales/import/aliases': ({ body }) => ({ body }),
      'POST /sales/import': () => ({ body: result({ to_import: 2, imported: 2 }) }),
    });
    const user = userEvent.setup();
    renderScreen();

    await user.upload(screen.getByLabelText('CSVファイル'), FILE);
    await user.selectOptions(screen.getByLabelText('取り込み元', { exact: true }), '新しい形式を登録...');
    const form = await screen.findByRole('form', { name: '新しい取り込み形式' });
    await within(form).findByRole('table', { name: /読み取りの確認/ });
    expect(within(form).getByLabelText('注文番号（必須）')).toHaveValue('注文ID');
    expect(within(form).getByLabelText('単価（必須）')).toHaveValue('価格');
    expect(within(form).getByLabelText('SKU・商品コード')).toHaveValue('');
    await user.type(within(form).getByLabelText('形式名'), 'BASE');
    await user.click(within(form).getByRole('button', { name: '形式を保存' }));

    const preview = await screen.findByRole('region', { name: '2. プレビュー' });
    expect(calls.find((call) => call.method === 'POST' && call.path === '/sales/import/formats')?.body).toEqual({
      name: 'BASE',
      columns: FORMAT.columns,
      cancelled_values: [],
    });
    await user.selectOptions(within(preview).getByLabelText('「マグ」に対応する商品'), 'ガラスマグ');
    await user.click(within(preview).getByRole('button', { name: '「マグ」の対応を保存' }));
    await waitFor(() => expect(calls.find((call) => call.path === '/sales/import/aliases')?.body).toEqual({ source: '7', external_sku: '', external_name: 'マグ', product_id: 3 }));
    await within(preview).findByText('2件を売上として取り込みます');

    await user.click(within(preview).getByRole('button', { name: '取り込む' }));
    const summary = await screen.findByRole('region', { name: '取り込み結果' });
    expect(within(summary).getByText('取り込み').nextSibling).toHaveTextContent('2件');
    const sent = calls.find((call) => call.method === 'POST' && call.path === '/sales/import')?.body as FormData;
    expect(sent.get('source')).toBe('7');
    expect(sent.get('csv')).not.toBeNull();
  });

  it('asks for a file before a preview, and shows the server’s reason for a file it cannot read', async () => {
    mockApi({
      'GET /sales/import/formats': () => ({ body: [] }),
      'GET /sales/import/history': () => ({ body: [] }),
      'POST /sales/import/preview': () => ({ status: 400, body: { error: 'CSVファイルの1行目（見出し行）に「Name」の列（注文番号）がありません' } }),
    });
    const user = userEvent.setup();
    renderScreen();
    await user.click(screen.getByRole('button', { name: 'プレビュー' }));
    expect(screen.getByRole('alert')).toHaveTextContent('CSVファイルを選択してください');
    await user.upload(screen.getByLabelText('CSVファイル'), FILE);
    await user.click(screen.getByRole('button', { name: 'プレビュー' }));
    expect(await screen.findByText('CSVファイルの1行目（見出し行）に「Name」の列（注文番号）がありません')).toBeInTheDocument();
  });
});
