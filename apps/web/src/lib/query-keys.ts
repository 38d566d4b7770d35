// Query keys of every feature in one place. A mutation that changes another feature's data (a
// delivery raises stock, a tag change touches parts) invalidates that feature's key from here,
// never a string literal, so renaming a key cannot silently break an invalidation.
export const queryKeys = {
  parts: {
    /** Prefix of every parts query: invalidating it reloads the list, histories and receipts. */
    all: ['parts'] as const,
    list: ['parts', 'list'] as const,
    movements: (partId: number) => ['parts', partId, 'movements'] as const,
    stockEntries: (partId: number) => ['parts', partId, 'stock-entries'] as const,
  },
  tags: {
    all: ['tags'] as const,
    list: ['tags', 'list'] as const,
  },
  orders: {
    all: ['orders'] as const,
    list: ['orders', 'list'] as const,
  },
  workspaces: {
    list: ['workspaces', 'list'] as const,
  },
};
