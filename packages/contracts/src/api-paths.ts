// Every API path in one place, relative to the /api base. Functions build paths with ids.
export const API_BASE = '/api';

type Id = number | string;

export const apiPaths = {
  health: '/health',
  auth: {
    register: '/auth/register',
    login: '/auth/login',
    logout: '/auth/logout',
    me: '/auth/me',
    googleUrl: '/auth/google/url',
  },
  workspace: {
    list: '/workspace/list',
    stats: '/workspace/stats',
    switch: (id: Id) => `/workspace/switch/${id}`,
  },
  parts: {
    list: '/parts',
    lowStock: '/parts/low-stock',
    one: (id: Id) => `/parts/${id}`,
    stockEntry: (id: Id) => `/parts/${id}/stock-entry`,
    order: (id: Id) => `/parts/${id}/order`,
    movements: (id: Id) => `/parts/${id}/movements`,
    exportCsv: '/parts/export/csv',
    importCsv: '/parts/import/csv',
    tagsBulk: '/parts/tags/bulk',
    searchByTags: (tagIds: number[]) => `/parts/search/by-tags?tag_ids=${tagIds.join(',')}`,
    tags: (id: Id) => `/parts/${id}/tags`,
    tag: (id: Id, tagId: Id) => `/parts/${id}/tags/${tagId}`,
  },
  tags: {
    list: '/tags',
    one: (id: Id) => `/tags/${id}`,
    force: (id: Id) => `/tags/${id}/force`,
  },
  stockEntries: {
    list: '/stock-entries',
    forPart: (partId: Id) => `/stock-entries/part/${partId}`,
  },
  orders: {
    list: '/orders',
    one: (id: Id) => `/orders/${id}`,
    deliver: (id: Id) => `/orders/${id}/deliver`,
    calendar: (year: number, month: number) => `/orders/calendar/${year}/${month}`,
  },
  products: {
    list: '/products',
    one: (id: Id) => `/products/${id}`,
    recipe: (id: Id) => `/products/${id}/recipe`,
    sell: (id: Id) => `/products/${id}/sell`,
    copy: (id: Id) => `/products/${id}/copy`,
    cost: (id: Id) => `/products/${id}/cost`,
    costAll: '/products/cost/all',
    movements: (id: Id) => `/products/${id}/movements`,
  },
  manufacturing: {
    manufacture: (productId: Id) => `/manufacturing/products/${productId}/manufacture`,
    records: '/manufacturing/records',
    capacity: (productId: Id) => `/manufacturing/capacity/${productId}`,
    capacityAll: '/manufacturing/capacity/all',
    calendar: (year: number, month: number) => `/manufacturing/calendar/${year}/${month}`,
    requirements: '/manufacturing/requirements',
    requirementsShortageOrders: '/manufacturing/requirements/order-shortages',
    plans: '/manufacturing/plans',
    plan: (id: Id) => `/manufacturing/plans/${id}`,
    activePlans: '/manufacturing/plans/active/list',
    plansInRange: (start: string, end: string) => `/manufacturing/plans/range/${start}/${end}`,
    planRequirements: (id: Id) => `/manufacturing/plans/${id}/requirements`,
    planShortageOrders: (id: Id) => `/manufacturing/plans/${id}/order-shortages`,
  },
  sales: {
    list: '/sales',
    one: (id: Id) => `/sales/${id}`,
    summary: '/sales/summary',
    byProduct: '/sales/by-product',
    trend: '/sales/trend',
  },
  dashboard: {
    all: '/dashboard',
    alerts: '/dashboard/alerts',
    calendar: (year: number, month: number) => `/dashboard/calendar/${year}/${month}`,
  },
} as const;
