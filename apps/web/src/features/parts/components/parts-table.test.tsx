import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makePart } from '../../../testing/make-part.ts';
import { giveBoxesAScreenSize } from '../../../testing/screen-sized-boxes.ts';
import { PartsTable } from './parts-table.tsx';

const parts = [
  makePart({ id: 1, name: 'LED 赤 5mm 高輝度タイプ（100個入り）', current_stock: 1234, min_stock_alert: 5, unit_price: 1999.99, url: 'https://example.com/led', part_number: 'P-1' }),
  makePart({ id: 2, name: 'ネジ', current_stock: 0, unit_price: null }),
];

function renderTable(props: Partial<Parameters<typeof PartsTable>[0]> = {}) {
  const handlers = { onSort: vi.fn(), onAction: vi.fn(), onFieldSave: vi.fn(() => Promise.resolve()) };
  render(
    <PartsTable
      parts={parts}
      sort={null}
      locked
      renderTags={(part, editable) => <span>{`tags-${part.id}-${editable ? 'editable' : 'readonly'}`}</span>}
      {...handlers}
      {...props}
    />,
  );
  return handlers;
}

giveBoxesAScreenSize();

const rowOf = (name: string) => {
  const row = screen.getByTitle(name).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
};

describe('PartsTable', () => {
  it('shows the columns of the specification', () => {
    renderTable();
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(['部品名', '現在在庫', '最小在庫', '単価', 'タグ', 'URL', 'ステータス', '操作']);
  });

  it('marks an inactive part 停止中 beside its name', () => {
    renderTable({ parts: [...parts, makePart({ id: 3, name: '旧型ネジ', status: 'inactive' })] });
    expect(within(rowOf('旧型ネジ')).getByText('停止中')).toBeInTheDocument();
    expect(within(rowOf('ネジ')).queryByText('停止中')).not.toBeInTheDocument();
  });

  it('cuts long names to 13 characters with the full name as tooltip, and formats the cells', () => {
    renderTable();
    const row = rowOf('LED 赤 5mm 高輝度タイプ（100個入り）');
    expect(within(row).getByRole('button', { name: 'LED 赤 5mm 高輝度...' })).toBeInTheDocument();
    const cells = within(row).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells.slice(1, 4)).toEqual(['1,234個', '5', '¥1,999']);
    expect(within(row).getByText('在庫あり')).toBeInTheDocument();
    const link = within(row).getByRole('link', { name: '「LED 赤 5mm 高輝度タイプ（100個入り）」のURLを開く' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(rowOf('ネジ')).getByText('在庫なし')).toBeInTheDocument();
  });

  it('reports header clicks and marks the sorted column', async () => {
    const { onSort } = renderTable({ sort: { column: 'unit_price', direction: 'desc' } });
    const user = userEvent.setup();
    for (const [label, column] of [
      ['部品名', 'name'],
      ['現在在庫', 'current_stock'],
      ['最小在庫', 'min_stock_alert'],
      ['単価', 'unit_price'],
      ['ステータス', 'status'],
    ] as const) {
      await user.click(within(screen.getByRole('columnheader', { name: label })).getByRole('button'));
      expect(onSort).toHaveBeenLastCalledWith(column);
    }
    expect(screen.getByRole('columnheader', { name: '単価' })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('columnheader', { name: '部品名' })).toHaveAttribute('aria-sort', 'none');
  });

  it('offers no inline editing while locked', () => {
    renderTable({ locked: true });
    expect(screen.queryByRole('button', { name: /を編集$/ })).not.toBeInTheDocument();
    expect(screen.getByText('tags-1-readonly')).toBeInTheDocument();
  });

  it('saves an inline edit as a single field when unlocked', async () => {
    const { onFieldSave } = renderTable({ locked: false });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '「ネジ」の最小在庫を編集' }));
    await user.clear(screen.getByRole('textbox', { name: '「ネジ」の最小在庫' }));
    await user.type(screen.getByRole('textbox', { name: '「ネジ」の最小在庫' }), '7{Enter}');
    expect(onFieldSave).toHaveBeenCalledExactlyOnceWith(parts[1], 'min_stock_alert', 7);
  });

  it('mounts the action menu and the tag editor once the row is pointed at', async () => {
    const { onAction } = renderTable({ locked: false });
    const user = userEvent.setup();
    expect(screen.getByText('tags-2-readonly')).toBeInTheDocument();
    await user.hover(rowOf('ネジ'));
    expect(screen.getByText('tags-2-editable')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '「ネジ」の操作' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['入荷', '発注', '詳細編集', 'ラベル印刷', '削除']);
    await user.click(screen.getByRole('menuitem', { name: '入荷' }));
    expect(onAction).toHaveBeenCalledWith('receive', parts[1]);
  });

  it('hands keyboard focus on the placeholder over to the real menu button', async () => {
    renderTable();
    const user = userEvent.setup();
    const trigger = screen.getByRole('button', { name: '「ネジ」の操作' });
    act(() => trigger.focus());
    const real = screen.getByRole('button', { name: '「ネジ」の操作' });
    expect(real).not.toBe(trigger);
    expect(real).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('menu')).toBeInTheDocument();
  });

  it('opens the detail view from the name', async () => {
    const { onAction } = renderTable();
    await userEvent.setup().click(screen.getByRole('button', { name: 'ネジ' }));
    expect(onAction).toHaveBeenCalledWith('detail', parts[1]);
  });
});
