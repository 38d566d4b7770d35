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
} as const;
