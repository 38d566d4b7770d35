import { ORDER_STATUSES } from '@inventory/contracts/order-statuses';
import type { Order, OrderDue, OrderStatus } from '@inventory/contracts/orders';
import { format } from 'date-fns';
import { listFilterParams } from '../../../config/paths.ts';
import { normaliseForSearch } from '../../../lib/search-text.ts';
import type { FiltersInUrl } from '../../../lib/use-filters-in-url.ts';
import { isOpenOrder } from './order-status.ts';

// Filtering and sorting of the 発注管理 table. The
// screen narrows and orders the orders it has loaded (newest first, a page of 1,000 at a time).

export type OrderStatusFilter = 'all' | OrderStatus;
export type OrderSort = 'order_date_desc' | 'order_date_asc' | 'delivery_asc' | 'delivery_desc' | 'part_name_asc';

export const ORDER_SORT_LABELS: Record<OrderSort, string> = {
  order_date_desc: '発注日（新しい順）',
  order_date_asc: '発注日（古い順）',
  delivery_asc: '納入予定日（早い順）',
  delivery_desc: '納入予定日（遅い順）',
  part_name_asc: '部品名（昇順）',
};

export const ALL_STATUSES_LABEL = 'すべて';

/** 納期: every order, or only the open ones the dashboard's banners count (the server picks them). */
export type OrderDueFilter = 'all' | OrderDue;

export const ORDER_DUE_LABELS: Record<OrderDueFilter, string> = {
  all: 'すべて',
  overdue: '納期遅れ',
  upcoming: '3日以内に納入予定',
};

export interface OrderFilters {
  status: OrderStatusFilter;
  search: string;
  sort: OrderSort;
  due: OrderDueFilter;
}

export const DEFAULT_ORDER_FILTERS: OrderFilters = { status: 'all', search: '', sort: 'order_date_desc', due: 'all' };

export function hasActiveOrderFilters(filters: OrderFilters) {
  return (
    filters.status !== 'all' || filters.search.trim() !== '' || filters.sort !== DEFAULT_ORDER_FILTERS.sort || filters.due !== 'all'
  );
}

const PARAMS = listFilterParams.orders;
const oneOf = <Value extends string>(values: readonly Value[], value: string | null, fallback: Value): Value =>
  values.find((candidate) => candidate === value) ?? fallback;

/** The filters in the URL (?q=…&status=…&sort=…&due=overdue); unknown values fall back to the defaults. */
export const orderFiltersInUrl: FiltersInUrl<OrderFilters> = {
  parse: (params) => ({
    search: params.get(PARAMS.search) ?? '',
    status: oneOf<OrderStatusFilter>(['all', ...ORDER_STATUSES], params.get(PARAMS.status), 'all'),
    sort: oneOf(Object.keys(ORDER_SORT_LABELS) as OrderSort[], params.get(PARAMS.sort), DEFAULT_ORDER_FILTERS.sort),
    due: oneOf(Object.keys(ORDER_DUE_LABELS) as OrderDueFilter[], params.get(PARAMS.due), 'all'),
  }),
  serialise: (filters) => {
    const params = new URLSearchParams();
    if (filters.search !== '') params.set(PARAMS.search, filters.search);
    if (filters.status !== 'all') params.set(PARAMS.status, filters.status);
    if (filters.sort !== DEFAULT_ORDER_FILTERS.sort) params.set(PARAMS.sort, filters.sort);
    if (filters.due !== 'all') params.set(PARAMS.due, filters.due);
    return params;
  },
  typed: 'search',
};

/** Status filter and part-name search (case-, width- and kana-insensitive). */
export function filterOrders(orders: readonly Order[], { status, search }: Pick<OrderFilters, 'status' | 'search'>): Order[] {
  const needle = normaliseForSearch(search.trim());
  return orders.filter(
    (order) =>
      (status === 'all' || order.status === status) && (needle === '' || normaliseForSearch(order.part_name).includes(needle)),
  );
}

// The same order as a.localeCompare(b, 'ja'), built once instead of for every comparison.
const japaneseCollator = new Intl.Collator('ja');

// yyyy-MM-dd strings compare correctly as text.
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The default order (newest order date, then newest order) breaks every tie, as the server lists them. */
const newestFirst = (a: Order, b: Order) => compareText(b.order_date, a.order_date) || b.id - a.id;

/** Orders without an expected delivery date go last in both directions. */
function compareDelivery(a: Order, b: Order, direction: 1 | -1) {
  const left = a.expected_delivery_date;
  const right = b.expected_delivery_date;
  if (left === null || right === null) return left === right ? 0 : left === null ? 1 : -1;
  return direction * compareText(left, right);
}

const comparators: Record<OrderSort, (a: Order, b: Order) => number> = {
  order_date_desc: newestFirst,
  order_date_asc: (a, b) => compareText(a.order_date, b.order_date) || a.id - b.id,
  delivery_asc: (a, b) => compareDelivery(a, b, 1) || newestFirst(a, b),
  delivery_desc: (a, b) => compareDelivery(a, b, -1) || newestFirst(a, b),
  part_name_asc: (a, b) => japaneseCollator.compare(a.part_name, b.part_name) || newestFirst(a, b),
};

/** A sorted copy; the input is never changed. */
export function sortOrders(orders: readonly Order[], sort: OrderSort): Order[] {
  return [...orders].sort(comparators[sort]);
}

export function applyOrderFilters(orders: readonly Order[], filters: OrderFilters): Order[] {
  return sortOrders(filterOrders(orders, filters), filters.sort);
}

/**
 * 今月の納入予定: expected delivery in the current year and month, neither delivered nor
 * cancelled, earliest date first. An order of this month that is
 * late stays here (marked 遅延 by the card) until it arrives or is cancelled.
 */
export function thisMonthDeliveries(orders: readonly Order[], today: Date = new Date()): Order[] {
  const month = format(today, 'yyyy-MM');
  return sortOrders(
    orders.filter(
      (order) =>
        order.expected_delivery_date?.slice(0, 7) === month && isOpenOrder(order.status),
    ),
    'delivery_asc',
  );
}
