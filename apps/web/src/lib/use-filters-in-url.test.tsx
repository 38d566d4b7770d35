import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type FiltersInUrl, TYPED_FILTER_URL_DELAY_MS, useFiltersInUrl } from './use-filters-in-url.ts';

interface Filters {
  search: string;
  stock: 'all' | 'low';
}

const filtersInUrl: FiltersInUrl<Filters> = {
  parse: (params) => ({ search: params.get('q') ?? '', stock: params.get('stock') === 'low' ? 'low' : 'all' }),
  serialise: ({ search, stock }) => new URLSearchParams({ ...(search ? { q: search } : {}), ...(stock === 'low' ? { stock } : {}) }),
  typed: 'search',
};

function Screen() {
  const [filters, setFilters] = useFiltersInUrl(filtersInUrl);
  const location = useLocation();
  return (
    <>
      <label>
        検索
        <input value={filters.search} onChange={(event) => setFilters({ ...filters, search: event.target.value })} />
      </label>
      <label>
        在庫
        <select value={filters.stock} onChange={(event) => setFilters({ ...filters, stock: event.target.value as Filters['stock'] })}>
          <option value="all">すべて</option>
          <option value="low">在庫不足</option>
        </select>
      </label>
      {/* A change made from what the filters are when it applies: the handler may be older than them. */}
      <button type="button" onClick={() => setFilters((current) => ({ ...current, stock: 'low' }))}>
        在庫不足だけ
      </button>
      <output aria-label="URL">{location.pathname + location.search}</output>
      <Link to="/list">一覧へ</Link>
      <Link to="/list?q=ねじ">ねじで絞り込み</Link>
      <Link to="/">ホームへ</Link>
    </>
  );
}

function renderAt(...entries: string[]) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>ホーム</p> },
      { path: '/list', element: <Screen /> },
    ],
    { initialEntries: entries, initialIndex: entries.length - 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('useFiltersInUrl', () => {
  it('starts from the URL and writes every change back, replacing the history entry', async () => {
    const router = renderAt('/', '/list?q=LED');
    const input = screen.getByRole('textbox', { name: '検索' });
    expect(input).toHaveValue('LED');

    await userEvent.clear(input);
    await userEvent.type(input, 'ネジ M3');
    expect(input).toHaveValue('ネジ M3');
    expect(await screen.findByText('/list?q=%E3%83%8D%E3%82%B8+M3')).toBeInTheDocument();

    // Back leaves the screen: the typing did not add history entries.
    await router.navigate(-1);
    expect(await screen.findByText('ホーム')).toBeInTheDocument();
    await router.navigate(1);
    expect(await screen.findByRole('textbox', { name: '検索' })).toHaveValue('ネジ M3');
  });

  it('writes a typed search once typing pauses, and any other change at once with it', async () => {
    renderAt('/list');
    const input = screen.getByRole('textbox', { name: '検索' });
    await userEvent.type(input, 'ネジ');
    expect(screen.getByRole('status', { name: 'URL' })).toHaveTextContent(/^\/list$/);
    expect(await screen.findByText('/list?q=%E3%83%8D%E3%82%B8')).toBeInTheDocument();

    await userEvent.type(input, 'M');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: '在庫' }), 'low');
    expect(await screen.findByText('/list?q=%E3%83%8D%E3%82%B8M&stock=low', undefined, { timeout: 200 })).toBeInTheDocument();
  });

  it('applies a change given as a function to the latest filters', async () => {
    renderAt('/list?q=LED');
    await userEvent.type(screen.getByRole('textbox', { name: '検索' }), '電球');
    await userEvent.click(screen.getByRole('button', { name: '在庫不足だけ' }));
    expect(await screen.findByText('/list?q=LED%E9%9B%BB%E7%90%83&stock=low', undefined, { timeout: 200 })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: '検索' })).toHaveValue('LED電球');
    expect(screen.getByRole('combobox', { name: '在庫' })).toHaveValue('low');
  });

  it('drops a search not yet written when the screen is left', async () => {
    const router = renderAt('/list');
    await userEvent.type(screen.getByRole('textbox', { name: '検索' }), 'LED');
    await userEvent.click(screen.getByRole('link', { name: 'ホームへ' }));
    expect(await screen.findByText('ホーム')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, TYPED_FILTER_URL_DELAY_MS + 100));
    expect(router.state.location.pathname + router.state.location.search).toBe('/');
  });

  it('takes the filters of a URL it did not write (a link, the navigation bar)', async () => {
    renderAt('/list?q=LED');
    await userEvent.click(screen.getByRole('link', { name: 'ねじで絞り込み' }));
    expect(await screen.findByRole('textbox', { name: '検索' })).toHaveValue('ねじ');
    await userEvent.click(screen.getByRole('link', { name: '一覧へ' }));
    await screen.findByText('/list');
    expect(screen.getByRole('textbox', { name: '検索' })).toHaveValue('');
  });
});
