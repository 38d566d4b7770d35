import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../../lib/query-keys.ts';
import { mockApi } from '../../../testing/api-mock.tsx';
import { makePart } from '../../../testing/make-part.ts';
import { PARTS_FIRST_PAGE_SIZE } from './get-parts.ts';
import { prefetchParts } from './prefetch-parts.ts';

describe('prefetchParts', () => {
  it('asks the first page with the count of every part (the screen asks the whole list once it has drawn it)', async () => {
    const parts = [makePart(), makePart()];
    const calls = mockApi({ 'GET /parts': () => ({ body: parts.slice(0, 1), headers: { 'X-Total-Count': '2' } }) });
    const queryClient = new QueryClient();
    prefetchParts(queryClient);
    await expect.poll(() => queryClient.getQueryData(queryKeys.parts.firstPage)).toEqual({ parts: parts.slice(0, 1), total: 2 });
    expect(calls.map((call) => call.query)).toEqual([{ limit: String(PARTS_FIRST_PAGE_SIZE) }]);
  });

  it('asks the whole list again when it is cached already', async () => {
    const calls = mockApi({ 'GET /parts': () => ({ body: [] }) });
    const queryClient = new QueryClient();
    queryClient.setQueryData(queryKeys.parts.list, [makePart()]);
    prefetchParts(queryClient);
    await expect.poll(() => calls.length).toBe(1);
    expect(calls[0]?.query).toBeUndefined();
  });
});
