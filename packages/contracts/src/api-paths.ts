// Every API path in one place, relative to the /api base. Functions build paths with ids.
export const API_BASE = '/api';

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
    switch: (id: number | string) => `/workspace/switch/${id}`,
  },
} as const;
