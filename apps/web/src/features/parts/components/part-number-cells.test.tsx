import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makePart } from '../../../testing/make-part.ts';
import { PartNumberCell } from './part-number-cells.tsx';

const part = makePart({ name: 'ネジ', unit: '本', current_stock: 1234, unit_price: 12.5 });

describe('PartNumberCell', () => {
  it('shows the stock with its unit and the price in yen, read-only while locked', () => {
    render(
      <>
        <PartNumberCell part={part} field="current_stock" locked onFieldSave={vi.fn()} />
        <PartNumberCell part={part} field="unit_price" locked onFieldSave={vi.fn()} />
      </>,
    );
    expect(screen.getByText('1,234本')).toBeInTheDocument();
    expect(screen.getByText('¥12')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('saves the edited field of the part when unlocked', async () => {
    const onFieldSave = vi.fn(() => Promise.resolve());
    const user = userEvent.setup();
    render(<PartNumberCell part={part} field="current_stock" locked={false} onFieldSave={onFieldSave} />);
    await user.click(screen.getByRole('button', { name: '「ネジ」の現在在庫を編集' }));
    await user.clear(screen.getByRole('textbox', { name: '「ネジ」の現在在庫' }));
    await user.type(screen.getByRole('textbox', { name: '「ネジ」の現在在庫' }), '-5{Enter}');
    expect(onFieldSave).toHaveBeenCalledExactlyOnceWith(part, 'current_stock', 0);
  });

  it('keeps a count when cleared but lets the unit price be unset', async () => {
    const onFieldSave = vi.fn(() => Promise.resolve());
    const user = userEvent.setup();
    render(
      <>
        <PartNumberCell part={part} field="min_stock_alert" locked={false} onFieldSave={onFieldSave} />
        <PartNumberCell part={part} field="unit_price" locked={false} onFieldSave={onFieldSave} />
      </>,
    );
    await user.click(screen.getByRole('button', { name: '「ネジ」の最小在庫を編集' }));
    await user.clear(screen.getByRole('textbox', { name: '「ネジ」の最小在庫' }));
    await user.keyboard('{Enter}');
    expect(onFieldSave).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: '「ネジ」の単価を編集' }));
    await user.clear(screen.getByRole('textbox', { name: '「ネジ」の単価' }));
    await user.keyboard('{Enter}');
    expect(onFieldSave).toHaveBeenCalledExactlyOnceWith(part, 'unit_price', null);
  });

  it('refuses a stock with decimals with the server message and sends nothing; a price keeps 2 decimals', async () => {
    const onFieldSave = vi.fn(() => Promise.resolve());
    const user = userEvent.setup();
    render(
      <>
        <PartNumberCell part={part} field="current_stock" locked={false} onFieldSave={onFieldSave} />
        <PartNumberCell part={part} field="unit_price" locked={false} onFieldSave={onFieldSave} />
      </>,
    );
    await user.click(screen.getByRole('button', { name: '「ネジ」の現在在庫を編集' }));
    const stock = screen.getByRole('textbox', { name: '「ネジ」の現在在庫' });
    await user.clear(stock);
    await user.type(stock, '1.5{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('現在在庫は整数で入力してください');
    expect(stock).toHaveAccessibleDescription('現在在庫は整数で入力してください');
    expect(stock).toHaveFocus();
    // Leaving the cell drops the refused value.
    await user.click(screen.getByRole('button', { name: '「ネジ」の単価を編集' }));
    expect(screen.queryByRole('textbox', { name: '「ネジ」の現在在庫' })).not.toBeInTheDocument();
    expect(screen.getByText('1,234本')).toBeInTheDocument();

    const price = screen.getByRole('textbox', { name: '「ネジ」の単価' });
    await user.clear(price);
    await user.type(price, '12.345');
    expect(screen.getByRole('alert')).toHaveTextContent('単価は小数第2位までで入力してください');
    await user.type(price, '{Backspace}{Enter}');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(onFieldSave).toHaveBeenCalledExactlyOnceWith(part, 'unit_price', 12.34);
  });

  it('fetches the server rules it checks with after its first render', async () => {
    vi.resetModules();
    // A fresh copy of the module, whose checks have not been loaded yet (setup-tests loads them for the others).
    const fresh = await import('./part-number-cells.tsx');
    const user = userEvent.setup();
    render(<fresh.PartNumberCell part={part} field="current_stock" locked={false} onFieldSave={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: '「ネジ」の現在在庫を編集' }));
    await user.type(screen.getByRole('textbox', { name: '「ネジ」の現在在庫' }), '.5');
    expect(await screen.findByRole('alert')).toHaveTextContent('現在在庫は整数で入力してください');
  });
});
