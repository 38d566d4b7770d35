import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type FiltersInUrl, useFiltersInUrl } from './use-filters-in-url.ts';

const searchInUrl: FiltersInUrl<{ search: string }> = {
  parse: (params) => ({ search: params.get('q') ?? '' }),
  serialise: ({ search }) => new URLSearchParams(search ? { q: search } : {}),
};

function Screen() {
  const [filters, setFilters] = useFiltersInUrl(searchInUrl);
  const location = useLocation();
  return (
    <>
      <label>
        検索
        <input value={filters.search} onChange={(event) => setFilters({ search: event.target.value })} />
      </label>
      <output aria-label="URL">{location.pathname + location.search}</output>
      <Link to="/list">一覧へ</Link>
      <Link to="/list?q=ねじ">ねじで絞り込み</Link>
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

  it('takes the filters of a URL it did not write (a link, the navigation bar)', async () => {
    renderAt('/list?q=LED');
    await userEvent.click(screen.getByRole('link', { name: 'ねじで絞り込み' }));
    expect(await screen.findByRole('textbox', { name: '検索' })).toHaveValue('ねじ');
    await userEvent.click(screen.getByRole('link', { name: '一覧へ' }));
    await screen.findByText('/list');
    expect(screen.getByRole('textbox', { name: '検索' })).toHaveValue('');
  });
});
