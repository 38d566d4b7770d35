// Query keys of every feature in one place. A mutation that changes another feature's data (a
// delivery raises stock, a tag change touches parts) invalidates that feature's key from here,
// never a string literal, so renaming a key cannot silently break an invalidation.
import type { OrderDue } from '@inventory/contracts/orders';
import type { salesFilterQuery } from '@inventory/contracts/sales';
import type { z } from 'zod';

/** The filters of the sales calls as sent (absent fields are not sent). */
type SalesFilters = z.output<typeof salesFilterQuery>;

export const queryKeys = {
  parts: {
    /** Prefix of every parts query: invalidating it reloads the list, histories and receipts. */
    all: ['parts'] as const,
    list: ['parts', 'list'] as const,
    /** The list's first page, shown while the whole list loads (features/parts/api/get-parts.ts). */
    firstPage: ['parts', 'first-page'] as const,
    movements: (partId: number) => ['parts', partId, 'movements'] as const,
    stockEntries: (partId: number) => ['parts', partId, 'stock-entries'] as const,
  },
  tags: {
    all: ['tags'] as const,
    list: ['tags', 'list'] as const,
  },
  orders: {
    all: ['orders'] as const,
    /** The list, loaded page by page (newest first); also the prefix of its due-filtered variants. */
    list: ['orders', 'list'] as const,
    /** Only the overdue or upcoming open orders (GET /orders?due=…). */
    dueList: (due: OrderDue) => ['orders', 'list', due] as const,
    /** Orders due in one month (every status). */
    dueInMonth: (year: number, month: number) => ['orders', 'due', year, month] as const,
  },
  products: {
    /** Prefix of every products query: the list, recipes, costs, movements and capacities. */
    all: ['products'] as const,
    list: ['products', 'list'] as const,
    recipe: (productId: number) => ['products', productId, 'recipe'] as const,
    cost: (productId: number) => ['products', productId, 'cost'] as const,
    movements: (productId: number) => ['products', productId, 'movements'] as const,
  },
  manufacturing: {
    /** Prefix of every manufacturing query (records, plans, requirements, capacities). */
    all: ['manufacturing'] as const,
    /** Capacities follow part stock and recipes: reload them after any change of either. */
    capacities: ['manufacturing', 'capacities'] as const,
    capacity: (productId: number) => ['manufacturing', 'capacities', productId] as const,
    records: ['manufacturing', 'records'] as const,
    plans: ['manufacturing', 'plans'] as const,
    planRequirements: (planId: number) => ['manufacturing', 'plans', planId, 'requirements'] as const,
  },
  sales: {
    /** Prefix of every sales query (records, summary, per product, trend). */
    all: ['sales'] as const,
    list: (filters: SalesFilters) => ['sales', 'list', filters] as const,
    summary: (filters: SalesFilters) => ['sales', 'summary', filters] as const,
    byProduct: (filters: SalesFilters) => ['sales', 'by-product', filters] as const,
    trend: (months: number, productId: number | undefined) => ['sales', 'trend', months, productId ?? null] as const,
  },
  salesImport: {
    /** The saved shop order formats of the workspace. */
    formats: ['sales-import', 'formats'] as const,
    /** 取り込み履歴: the latest imports. */
    history: ['sales-import', 'history'] as const,
  },
  labels: {
    /** What the label page prints for the chosen items. */
    items: (partIds: readonly number[], productIds: readonly number[]) => ['labels', partIds, productIds] as const,
  },
  scan: {
    /** The item a scanned code names; its stock follows every stock change, so it is never kept long. */
    all: ['scan'] as const,
    code: (code: string) => ['scan', code] as const,
  },
  stocktakes: {
    /** Prefix of every stocktake query: the list and each stocktake with its lines. */
    all: ['stocktakes'] as const,
    list: ['stocktakes', 'list'] as const,
    one: (id: number) => ['stocktakes', id] as const,
  },
  valuation: {
    /** Valuations follow every stock movement: reload them after a commit. */
    all: ['valuation'] as const,
    report: (date: string, method: string) => ['valuation', date, method] as const,
  },
  dashboard: {
    /** Prefix of the dashboard's one-call answer and its calendar months. */
    all: ['dashboard'] as const,
    /** GET /dashboard: the one-call answer (this month's calendar included). */
    overview: ['dashboard', 'overview'] as const,
    calendar: (year: number, month: number) => ['dashboard', 'calendar', year, month] as const,
  },
  session: {
    /** The check of the signed-in user's role and workspace (focus, after a 403): lib/session-refresh.ts. */
    refresh: ['session', 'refresh'] as const,
  },
  workspaces: {
    /** The user's workspaces (memberships): refreshed on focus and with every session check. */
    list: ['workspaces', 'list'] as const,
    /** Settings, stats and members of the current workspace (reset on every switch). */
    settings: ['workspaces', 'current', 'settings'] as const,
    stats: ['workspaces', 'current', 'stats'] as const,
    members: ['workspaces', 'current', 'members'] as const,
  },
  managementConsole: {
    all: ['management-console'] as const,
    stats: ['management-console', 'stats'] as const,
    announcements: ['management-console', 'announcements'] as const,
  },
  announcements: {
    /** The active announcements every signed-in user sees as banners. */
    active: ['announcements', 'active'] as const,
  },
  account: {
    /** Prefix of everything アカウント設定 shows (the account, not a workspace). */
    all: ['account'] as const,
    security: ['account', 'security'] as const,
    passkeys: ['account', 'passkeys'] as const,
    devices: ['account', 'devices'] as const,
    previousWorkspaces: ['account', 'previous-workspaces'] as const,
  },
};
