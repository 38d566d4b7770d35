// Every route path of the web app in one place.
export const paths = {
  login: '/login',
  register: '/register',
  googleCallback: '/auth/google/callback',
  verifyEmail: '/verify-email',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  account: '/account',
  dashboard: '/',
  parts: '/parts',
  /** 棚卸し and 在庫評価 live under 部品管理 (the top navigation keeps its six entries). */
  stocktakes: '/parts/stocktakes',
  stocktake: '/parts/stocktakes/:id',
  valuation: '/parts/valuation',
  products: '/products',
  manufacturing: '/manufacturing',
  sales: '/sales',
  salesImport: '/sales/import',
  orders: '/orders',
  workspaceSettings: '/workspace',
  managementConsole: '/management-console',
  scan: '/scan',
  labels: '/labels',
  /** What a label's QR code opens: the scan screen's action sheet for the item. */
  scannedItem: '/s/:kind/:id',
} as const;

/** Search parameters of the label page: the chosen items' ids, comma-separated. */
export const labelParams = { parts: 'parts', products: 'products' } as const;

/** The label page for the given items. */
export function labelsPath({ partIds = [], productIds = [] }: { partIds?: readonly number[]; productIds?: readonly number[] }): string {
  const params = new URLSearchParams();
  if (partIds.length > 0) params.set(labelParams.parts, partIds.join(','));
  if (productIds.length > 0) params.set(labelParams.products, productIds.join(','));
  return `${paths.labels}?${params.toString().replaceAll('%2C', ',')}`;
}
/** The counting screen of one stocktake. */
export const stocktakePath = (id: number) => `/parts/stocktakes/${id}`;

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
