import { type InfiniteData, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { putInList, putInPages, removeFromList, removeFromPages } from './list-cache.ts';

type Row = { id: number; name: string };
const key = ['rows'];

describe('list cache', () => {
  it('replaces, appends and removes rows of a plain list, and leaves an unloaded one alone', () => {
    const client = new QueryClient();
    putInList<Row>(client, key, { id: 1, name: 'a' });
    expect(client.getQueryData(key)).toBeUndefined();
    client.setQueryData<Row[]>(key, [{ id: 1, name: 'a' }, { id: 2, name: 'b' }]);
    putInList<Row>(client, key, { id: 2, name: 'B' });
    putInList<Row>(client, key, { id: 3, name: 'c' });
    removeFromList<Row>(client, key, 1);
    expect(client.getQueryData(key)).toEqual([{ id: 2, name: 'B' }, { id: 3, name: 'c' }]);
  });

  it('replaces and removes rows in whichever page of a paged list holds them, and adds none', () => {
    const client = new QueryClient();
    putInPages<Row>(client, key, { id: 1, name: 'a' });
    expect(client.getQueryData(key)).toBeUndefined();
    const pages: InfiniteData<Row[], unknown> = { pages: [[{ id: 4, name: 'd' }, { id: 3, name: 'c' }], [{ id: 2, name: 'b' }]], pageParams: [null, 'p2'] };
    client.setQueryData(key, pages);
    putInPages<Row>(client, key, { id: 2, name: 'B' });
    putInPages<Row>(client, key, { id: 9, name: 'not loaded' });
    removeFromPages<Row>(client, key, 4);
    expect(client.getQueryData(key)).toEqual({ pages: [[{ id: 3, name: 'c' }], [{ id: 2, name: 'B' }]], pageParams: [null, 'p2'] });
  });
});
