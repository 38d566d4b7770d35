// Query keys of the parts area in one place, so every mutation invalidates the right lists.
export const partsKeys = {
  all: ['parts'] as const,
  detail: (id: number) => ['parts', id] as const,
  movements: (id: number) => ['parts', id, 'movements'] as const,
  stockEntries: (partId: number) => ['stock-entries', partId] as const,
  tags: ['tags'] as const,
};
