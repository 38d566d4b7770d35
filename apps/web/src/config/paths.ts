// Every route path of the web app in one place.
export const paths = {
  login: '/login',
  register: '/register',
  googleCallback: '/auth/google/callback',
  verifyEmail: '/verify-email',
  dashboard: '/',
  parts: '/parts',
  products: '/products',
  manufacturing: '/manufacturing',
  sales: '/sales',
  orders: '/orders',
  workspaceSettings: '/workspace',
  managementConsole: '/management-console',
} as const;

/**
 * Search parameters of the lists' filters (lib/use-filters-in-url.ts): a link can open a list
 * already filtered, and back and reload keep the filters.
 */
export const listFilterParams = {
  parts: { search: 'q', stock: 'stock', tags: 'tags', tagMatch: 'tag_match' },
  orders: { search: 'q', status: 'status', sort: 'sort', due: 'due' },
} as const;

const { parts: partsParams, orders: ordersParams } = listFilterParams;

/** The dashboard's banners open these lists filtered to what they counted. */
export const filteredListPaths = {
  lowStockParts: `${paths.parts}?${partsParams.stock}=low`,
  overdueOrders: `${paths.orders}?${ordersParams.due}=overdue&${ordersParams.sort}=delivery_asc`,
  upcomingOrders: `${paths.orders}?${ordersParams.due}=upcoming&${ordersParams.sort}=delivery_asc`,
} as const;
