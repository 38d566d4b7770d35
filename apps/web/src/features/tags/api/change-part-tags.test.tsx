import { renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { mockApi } from '../../../testing/api-mock.tsx';
import { useSavePartTags } from './change-part-tags.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

function renderSave() {
  const queryClient = new QueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const { result } = renderHook(() => useSavePartTags(), { wrapper });
  return { save: result.current, invalidate };
}

describe('useSavePartTags', () => {
  it('removes, then adds, one call per tag, and reloads tags and parts', async () => {
    const calls = mockApi({
      'DELETE /parts/4/tags/2': () => ({ status: 204 }),
      'POST /parts/4/tags': () => ({ status: 201, body: [] }),
    });
    const { save, invalidate } = renderSave();
    await save({ partId: 4, from: [1, 2], to: [1, 3, 5] });
    expect(calls.map((call) => `${call.method} ${call.path} ${JSON.stringify(call.body ?? null)}`)).toEqual([
      'DELETE /parts/4/tags/2 null',
      'POST /parts/4/tags {"tag_id":3}',
      'POST /parts/4/tags {"tag_id":5}',
    ]);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.tags.all });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.parts.all });
  });

  it('sends nothing when the tags did not change', async () => {
    const calls = mockApi({});
    const { save, invalidate } = renderSave();
    await save({ partId: 4, from: [2, 1], to: [1, 2] });
    expect(calls).toEqual([]);
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('toasts the specified text instead of throwing when a change fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const toast = vi.spyOn(notify, 'error').mockImplementation(() => {});
    mockApi({ 'POST /parts/4/tags': () => ({ status: 500, body: {} }) });
    const { save, invalidate } = renderSave();
    await expect(save({ partId: 4, from: [], to: [3] })).resolves.toBeUndefined();
    await waitFor(() => expect(toast).toHaveBeenCalledWith('部品のタグの更新に失敗しました'));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.parts.all });
  });
});
