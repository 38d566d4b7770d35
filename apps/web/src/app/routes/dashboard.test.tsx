import type { DashboardResponse } from '@inventory/contracts/dashboard';
import type { Product } from '@inventory/contracts/products';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../lib/notify.ts';
import { mockApi, renderWithQueryClient } from '../../testing/api-mock.tsx';
import { makeDashboard, makeRecentSale } from '../../testing/make-dashboard.ts';
import { makeCapacity, makeProduct } from '../../testing/make-product.ts';
import { giveBoxesAScreenSize } from '../../testing/screen-sized-boxes.ts';
import { DashboardRoute } from './dashboard.tsx';

// FullCalendar does not draw in jsdom; the calendar has its own tests.
vi.mock('../../features/dashboard/components/month-calendar.tsx', () => ({ MonthCalendar: () => null }));

const lamp = makeProduct({ id: 1, name: 'ランプ', current_stock: 2, selling_price: 1500 });

function answer(product: Product, capacity: number, extra: Partial<DashboardResponse> = {}) {
  return makeDashboard({ products: [product], capacities: [{ product_id: product.id, max_manufacturable: capacity }], ...extra });
}

const card = () => screen.getByRole('article', { name: 'ランプ' });

giveBoxesAScreenSize();

describe('DashboardRoute', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 4, 15, 10));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(notify, 'success').mockImplementation(() => {});
    vi.spyOn(notify, 'error').mockImplementation(() => {});
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query) => ({ matches: true, media: query, addEventListener: () => {}, removeEventListener: () => {} }) as unknown as MediaQueryList,
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('manufactures from a card with the products dialog and reloads the dashboard', async () => {
    let current = answer(lamp, 3);
    const calls = mockApi({
      'GET /dashboard': () => ({ body: current }),
      'GET /manufacturing/capacity/1': () => ({ body: makeCapacity({ product_id: 1, max_manufacturable: 3 }) }),
      'POST /manufacturing/products/1/manufacture': () => {
        const made = { ...lamp, current_stock: 4 };
        current = answer(made, 1, { month_revenue: 0 });
        const record = { id: 9, product_id: 1, product_name: 'ランプ', quantity: 2, manufacturing_date: '2026-05-15', notes: null, created_at: '' };
        return { status: 201, body: { record, product: made } };
      },
    });
    renderWithQueryClient(
      <MemoryRouter>
        <DashboardRoute />
      </MemoryRouter>,
    );
    const user = userEvent.setup();
    await user.click(within(await screen.findByRole('article', { name: 'ランプ' })).getByRole('button', { name: '製造' }));

    const dialog = await screen.findByRole('dialog', { name: '製造' });
    await within(dialog).findByText('3個');
    const quantity = within(dialog).getByLabelText('製造数量');
    await user.clear(quantity);
    await user.type(quantity, '2');
    await user.click(within(dialog).getByRole('button', { name: '製造する' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(notify.success).toHaveBeenCalledWith('ランプを2個製造しました');
    await waitFor(() => expect(card()).toHaveTextContent('在庫数4個製造可能数1個'));
    expect(calls.filter((call) => call.path === '/dashboard')).toHaveLength(2);
  });

  it('sells from a card with the products dialog and reloads the dashboard', async () => {
    let current = answer(lamp, 0);
    const calls = mockApi({
      'GET /dashboard': () => ({ body: current }),
      'POST /products/1/sell': ({ body }) => {
        const sold = { ...lamp, current_stock: 1 };
        const sale = makeRecentSale({ id: 5, product_id: 1, product_name: 'ランプ', quantity: 1, unit_price: 1500, total_amount: 1500, sale_date: '2026-05-15' });
        current = answer(sold, 0, { month_revenue: 1500, recent_sales: [sale] });
        expect(body).toMatchObject({ quantity: 1, unit_price: 1500, sale_date: '2026-05-15' });
        return { status: 201, body: { sale, product: sold } };
      },
    });
    renderWithQueryClient(
      <MemoryRouter>
        <DashboardRoute />
      </MemoryRouter>,
    );
    const user = userEvent.setup();
    await screen.findByRole('article', { name: 'ランプ' });
    expect(within(card()).getByRole('button', { name: '製造' })).toBeDisabled();
    await user.click(within(card()).getByRole('button', { name: '販売' }));

    const dialog = await screen.findByRole('dialog', { name: '販売' });
    await user.click(within(dialog).getByRole('button', { name: '販売する' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(notify.success).toHaveBeenCalledWith('ランプを1個販売しました');
    await waitFor(() => expect(card()).toHaveTextContent('在庫数1個'));
    expect(within(screen.getByRole('region', { name: '概要' })).getByText('¥1,500')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: '最近の販売一覧' })).getAllByRole('listitem')).toHaveLength(1);
    expect(calls.filter((call) => call.path === '/dashboard')).toHaveLength(2);
  });
});
