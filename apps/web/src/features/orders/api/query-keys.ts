// Query keys of the orders area. Other areas invalidate ['orders'] when they create or remove orders.
export const ordersKeys = {
  all: ['orders'] as const,
  list: ['orders', 'list'] as const,
};
