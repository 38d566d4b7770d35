import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.ts';
import { mockApi, renderWithQueryClient } from '../../../testing/api-mock.tsx';
import { makeProduct } from '../../../testing/make-product.ts';
import { CopyProductModal } from './copy-product-modal.tsx';

const LAMP = makeProduct({ id: 1, name: 'ランプ' });

function renderModal(handlers: Parameters<typeof mockApi>[0] = {}) {
  const calls = mockApi(handlers);
  const onClose = vi.fn();
  renderWithQueryClient(<CopyProductModal product={LAMP} onClose={onClose} />);
  return { user: userEvent.setup(), calls, onClose };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('CopyProductModal', () => {
  it("proposes '{name} (コピー)' and says what is copied", () => {
    renderModal();
    const dialog = screen.getByRole('dialog', { name: '商品のコピー' });
    expect(screen.getByLabelText('新しい商品名')).toHaveValue('ランプ (コピー)');
    expect(dialog).toHaveTextContent('販売価格・URL・品番とレシピがコピーされます。在庫数と製造・販売の履歴はコピーされません');
  });

  it('requires a name (商品名は必須です)', async () => {
    const { user, calls } = renderModal();
    await user.clear(screen.getByLabelText('新しい商品名'));
    await user.type(screen.getByLabelText('新しい商品名'), '   ');
    await user.click(screen.getByRole('button', { name: 'コピー' }));
    expect(await screen.findByText('商品名は必須です')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('copies under the new name, toasts and closes', async () => {
    const success = vi.spyOn(notify, 'success').mockImplementation(() => {});
    const { user, calls, onClose } = renderModal({
      'POST /products/1/copy': ({ body }) => ({ status: 201, body: makeProduct({ id: 2, ...(body as object) }) }),
      'GET /products': () => ({ body: [] }),
      'GET /manufacturing/capacity/all': () => ({ body: [] }),
    });
    await user.click(screen.getByRole('button', { name: 'コピー' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'POST')).toEqual({ method: 'POST', path: '/products/1/copy', body: { name: 'ランプ (コピー)' } });
    expect(success).toHaveBeenCalledWith('商品「ランプ (コピー)」としてコピーしました');
  });

  it('toasts 商品のコピーに失敗しました when the server gives no text', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(notify, 'error').mockImplementation(() => {});
    const { user, onClose } = renderModal({ 'POST /products/1/copy': () => ({ status: 500, body: {} }) });
    await user.click(screen.getByRole('button', { name: 'コピー' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('商品のコピーに失敗しました'));
    expect(onClose).not.toHaveBeenCalled();
  });
});
