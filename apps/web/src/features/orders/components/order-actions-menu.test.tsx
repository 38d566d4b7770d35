import type { OrderStatus } from '@inventory/contracts/orders';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeOrder } from '../../../testing/make-order.ts';
import { OrderActionsMenu } from './order-actions-menu.tsx';

async function openMenu(status: OrderStatus) {
  const user = userEvent.setup();
  const onAction = vi.fn();
  const order = makeOrder({ part_name: 'M3ネジ', status });
  render(<OrderActionsMenu order={order} onAction={onAction} />);
  await user.click(screen.getByRole('button', { name: '「M3ネジ」の発注の操作' }));
  const labels = screen.getAllByRole('menuitem').map((item) => item.textContent);
  return { user, onAction, order, labels };
}

describe('OrderActionsMenu', () => {
  it.each([
    ['ordered', ['状態を更新', '納入処理', '削除']],
    ['shipped', ['状態を更新', '納入処理', '削除']],
    ['cancelled', ['状態を更新', '削除']],
  ] as const)('offers the right actions for a %s order', async (status, expected) => {
    const { labels } = await openMenu(status);
    expect(labels).toEqual(expected);
  });

  it('stands in as a plain button until first used (a list draws one per order)', async () => {
    const user = userEvent.setup();
    render(<OrderActionsMenu order={makeOrder({ part_name: 'M3ネジ', status: 'ordered' })} onAction={vi.fn()} />);
    const trigger = () => screen.getByRole('button', { name: '「M3ネジ」の発注の操作' });
    expect(trigger()).not.toHaveAttribute('aria-expanded');
    await user.click(trigger());
    expect(trigger()).toHaveAttribute('aria-expanded', 'true');
  });

  it('draws no menu for a delivered order: delivered is final', () => {
    render(<OrderActionsMenu order={makeOrder({ part_name: 'M3ネジ', status: 'delivered' })} onAction={vi.fn()} />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('reports the chosen action with its order', async () => {
    const { user, onAction, order } = await openMenu('shipped');
    await user.click(screen.getByRole('menuitem', { name: '納入処理' }));
    expect(onAction).toHaveBeenCalledExactlyOnceWith('deliver', order);
  });
});
