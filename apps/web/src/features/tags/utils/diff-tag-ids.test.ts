import { describe, expect, it } from 'vitest';
import { diffTagIds } from './diff-tag-ids.ts';

describe('diffTagIds', () => {
  it('lists the tags to remove and to add', () => {
    expect(diffTagIds([1, 2, 3], [2, 4])).toEqual({ remove: [1, 3], add: [4] });
  });

  it('is empty for the same set in another order', () => {
    expect(diffTagIds([1, 2], [2, 1])).toEqual({ remove: [], add: [] });
  });

  it('handles empty sets', () => {
    expect(diffTagIds([], [5])).toEqual({ remove: [], add: [5] });
    expect(diffTagIds([5], [])).toEqual({ remove: [5], add: [] });
  });
});
