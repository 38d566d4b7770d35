import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DeleteConfirmModal } from './delete-confirm-modal.tsx';

function renderDeleteConfirmModal(props: Partial<Parameters<typeof DeleteConfirmModal>[0]> = {}) {
  const onClose = vi.fn();
  const onConfirm = vi.fn();
  render(
    <DeleteConfirmModal
      title="発注の削除"
      question="次の発注を削除しますか？"
      consequence="この操作は取り消せません。"
      facts={[
        { label: '部品名', value: 'ネジ M3' },
        { label: '発注数量', value: '100個' },
      ]}
      onConfirm={onConfirm}
      pending={false}
      onClose={onClose}
      {...props}
    />,
  );
  return { onClose, onConfirm, dialog: screen.getByRole('dialog', { name: props.title ?? '発注の削除' }) };
}

describe('DeleteConfirmModal', () => {
  it('asks, says what cannot be undone and lists the record, in that order', () => {
    const { dialog } = renderDeleteConfirmModal();
    expect(dialog).toHaveTextContent(/次の発注を削除しますか？この操作は取り消せません。部品名ネジ M3発注数量100個/);
    expect(within(dialog).getAllByRole('term').map((term) => term.textContent)).toEqual(['部品名', '発注数量']);
    expect(within(dialog).getAllByRole('definition').map((value) => value.textContent)).toEqual(['ネジ M3', '100個']);
  });

  it('deletes with a red 削除 and closes with キャンセル', async () => {
    const user = userEvent.setup();
    const { onClose, onConfirm } = renderDeleteConfirmModal();
    const confirm = screen.getByRole('button', { name: '削除' });
    expect(confirm).toHaveClass('bg-red-600');

    await user.click(confirm);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'キャンセル' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows 削除中... and takes no second click while the delete runs', () => {
    renderDeleteConfirmModal({ pending: true });
    expect(screen.getByRole('button', { name: '削除中...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'キャンセル' })).toBeDisabled();
  });

  it('shows a refusal from the server under the question, with the notes the dialog adds', () => {
    const { dialog } = renderDeleteConfirmModal({
      title: '部品の削除',
      question: '部品「ネジ」を削除しますか？',
      consequence: '入荷・発注・在庫の履歴も削除されます。この操作は取り消せません。',
      facts: undefined,
      children: <p>メモ</p>,
      error: new Error('この部品は商品「ランプ」のレシピで使われています'),
    });
    expect(within(dialog).queryByRole('term')).not.toBeInTheDocument();
    expect(dialog).toHaveTextContent(/この操作は取り消せません。メモ削除できませんでした.*この部品は商品「ランプ」のレシピで使われています/);
  });
});
