import type { PartListItem } from '@inventory/contracts/parts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/query-keys.ts';
import { mockApi, renderWithQueryClient } from '../../../testing/api-mock.tsx';
import { makePart } from '../../../testing/make-part.ts';
import { giveBoxesAScreenSize } from '../../../testing/screen-sized-boxes.ts';
import { PARTS_FIRST_PAGE_SIZE } from '../api/get-parts.ts';
import { type PartTagSlots, PartsManagement } from './parts-management.tsx';

const tagSlots: PartTagSlots = {
  renderPartTags: () => null,
  renderTagFilter: () => null,
  renderTagPicker: () => null,
  saveTags: async () => {},
  renderTagManagement: () => null,
  preloadTagPicker: () => {},
};

giveBoxesAScreenSize();

function phone() {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query) => ({ matches: false, media: query, addEventListener: () => {}, removeEventListener: () => {} }) as unknown as MediaQueryList,
  );
}

describe('PartsManagement before the whole list has come', () => {
  it('shows the first page with the count of every part, then the whole list; filters wait for it', async () => {
    phone();
    const parts = [makePart({ name: 'ネジ M3' }), makePart({ name: 'ナット M3' }), makePart({ name: 'ワッシャー' })];
    let sendWholeList: (list: PartListItem[]) => void = () => {};
    const wholeList = new Promise<PartListItem[]>((resolve) => {
      sendWholeList = resolve;
    });
    const calls = mockApi({
      'GET /parts': async ({ query }) =>
        query?.limit ? { body: parts.slice(0, 2), headers: { 'X-Total-Count': String(parts.length) } } : { body: await wholeList },
    });
    const { queryClient } = renderWithQueryClient(
      <MemoryRouter>
        <PartsManagement tagSlots={tagSlots} />
      </MemoryRouter>,
    );

    await screen.findByText('ネジ M3');
    expect(screen.getByText('ナット M3')).toBeInTheDocument();
    expect(screen.queryByText('ワッシャー')).not.toBeInTheDocument();
    expect(screen.getByText('全3件')).toBeInTheDocument();
    // The first page is asked first, the whole list once the first page has been drawn.
    await waitFor(() => expect(calls.filter((call) => call.path === '/parts').map((call) => call.query?.limit ?? 'all')).toEqual([String(PARTS_FIRST_PAGE_SIZE), 'all']));
    // Its numbers cannot be edited yet: the lock's hint is not there.
    expect(screen.queryByText('数値とタグをクリックして編集できます')).not.toBeInTheDocument();

    // A search over the first page would miss parts: the list waits for the whole one.
    await userEvent.type(within(screen.getByRole('search', { name: '部品の絞り込み' })).getByRole('searchbox'), 'M3');
    await screen.findByText('部品を読み込み中...');
    expect(screen.queryByText('全3件')).not.toBeInTheDocument();

    sendWholeList(parts);
    await screen.findByText('全2件');
    expect(screen.getByText('ネジ M3')).toBeInTheDocument();
    expect(screen.getByText('ナット M3')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('部品を読み込み中...')).not.toBeInTheDocument());

    // A change that reloads the parts asks for the whole list again, not for the first page.
    await queryClient.invalidateQueries({ queryKey: queryKeys.parts.all });
    expect(calls.filter((call) => call.path === '/parts').map((call) => call.query?.limit ?? 'all')).toEqual([String(PARTS_FIRST_PAGE_SIZE), 'all', 'all']);
  });

  it('does without the first page when it fails, showing the whole list when it comes', async () => {
    phone();
    mockApi({
      'GET /parts': ({ query }) => (query?.limit ? { status: 500, body: { error: '失敗' } } : { body: [makePart({ name: 'ボルト' })] }),
    });
    renderWithQueryClient(
      <MemoryRouter>
        <PartsManagement tagSlots={tagSlots} />
      </MemoryRouter>,
    );
    await screen.findByText('ボルト');
    expect(screen.getByText('全1件')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('PartsManagement while typing a search', () => {
  it('does not draw the tag filter again on each keystroke, and a tag chosen later keeps the search', async () => {
    phone();
    mockApi({ 'GET /parts': ({ query }) => (query?.limit ? { status: 500, body: { error: '失敗' } } : { body: [makePart({ name: 'ネジ M3' })] }) });
    const renderTagFilter = vi.fn<PartTagSlots['renderTagFilter']>((selectedIds, onChange) => (
      <button type="button" onClick={() => onChange([...selectedIds, 7])}>
        タグ7で絞り込み（{selectedIds.length}）
      </button>
    ));
    renderWithQueryClient(
      <MemoryRouter>
        <PartsManagement tagSlots={{ ...tagSlots, renderTagFilter }} />
      </MemoryRouter>,
    );
    await screen.findByText('ネジ M3');
    const drawn = renderTagFilter.mock.calls.length;

    await userEvent.type(screen.getByRole('searchbox'), 'ネジ');
    expect(renderTagFilter).toHaveBeenCalledTimes(drawn);

    await userEvent.click(screen.getByRole('button', { name: 'タグ7で絞り込み（0）' }));
    expect(await screen.findByRole('button', { name: 'タグ7で絞り込み（1）' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox')).toHaveValue('ネジ');
  });
});
