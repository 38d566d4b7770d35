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
