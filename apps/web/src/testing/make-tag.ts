import type { Tag } from '@inventory/contracts/tags';

let nextTagId = 1;

/** A tag as GET /tags answers it, with overrides. */
export function makeTag(overrides: Partial<Tag> = {}): Tag {
  const id = overrides.id ?? nextTagId++;
  return {
    id,
    name: `タグ${id}`,
    color: '#3B82F6',
    part_count: 0,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
