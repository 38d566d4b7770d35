import type { Order } from '@inventory/contracts/orders';
import { ClipboardList } from 'lucide-react';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { Button } from '../../../components/form/button.tsx';
import { PageContainer, PageHeader } from '../../../components/layout/page-header.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorBanner } from '../../../components/ui/error-banner.tsx';
import { LoadingSpinner } from '../../../components/ui/loading-spinner.tsx';
import { formatCount } from '../../../lib/format.ts';
import { lazyComponent } from '../../../lib/lazy-code.tsx';
import { useFiltersInUrl } from '../../../lib/use-filters-in-url.ts';
import { useModal } from '../../../lib/use-modal.ts';
import { ORDERS_PAGE_SIZE, useOrders, useOrdersDueInMonth } from '../api/get-orders.ts';
import type { OrderAction } from '../utils/order-actions.ts';
import { applyOrderFilters, DEFAULT_ORDER_FILTERS, orderFiltersInUrl, thisMonthDeliveries } from '../utils/order-list.ts';
import { OrderFiltersBar } from './order-filters-bar.tsx';
import { OrdersTable } from './orders-table.tsx';
import { ThisMonthDeliveriesCard } from './this-month-deliveries-card.tsx';

// The dialogs of 発注管理 load when they first open, so the screen opened directly does not
// download their forms and Headless UI before it shows.
const OrderStatusModal = lazyComponent(async () => (await import('./order-status-modal.tsx')).OrderStatusModal);
const DeliverOrderModal = lazyComponent(async () => (await import('./deliver-order-modal.tsx')).DeliverOrderModal);
const DeleteOrderModal = lazyComponent(async () => (await import('./delete-order-modal.tsx')).DeleteOrderModal);

/**
 * The 発注管理 screen: filters, the count, the table, 今月の納入予定 and the three dialogs. The
 * orders come a page (pageSize, 1,000) at a time, newest first; filters and sorting apply to the orders
 * loaded, and さらに表示 loads the next older page; 納期 asks the server for the overdue or upcoming
 * open orders only (the ones the dashboard's banners count). 今月の納入予定 reads the month's orders
 * on its own, so it is complete however many pages are loaded.
 */
export function OrdersManagement({ pageSize = ORDERS_PAGE_SIZE }: { pageSize?: number }) {
  // In the URL: the dashboard's overdue and upcoming banners link here filtered, and back and reload keep it.
  const [filters, setFilters] = useFiltersInUrl(orderFiltersInUrl);
  const orders = useOrders(pageSize, filters.due === 'all' ? null : filters.due);
  const { modal, openModal, closeModal } = useModal<{ action: OrderAction; order: Order }>();
  const [today] = useState(() => new Date());
  const dueInMonth = useOrdersDueInMonth(today.getFullYear(), today.getMonth() + 1);

  const all = useMemo(() => orders.data?.pages.flat(), [orders.data]);
  // Typing stays instant: the list follows the filters a moment later, in a render React can interrupt.
  const deferredFilters = useDeferredValue(filters);
  const shown = useMemo(() => (all ? applyOrderFilters(all, deferredFilters) : []), [all, deferredFilters]);
  const handleAction = useCallback((action: OrderAction, order: Order) => openModal({ action, order }), [openModal]);
  const dueThisMonth = useMemo(() => thisMonthDeliveries(dueInMonth.data ?? [], today), [dueInMonth.data, today]);

  return (
    <PageContainer>
      <PageHeader title="発注管理" subtitle="部品の発注状況と納入予定を管理します" />
      <div className="space-y-4">
        <OrderFiltersBar filters={filters} onChange={setFilters} onClear={() => setFilters(DEFAULT_ORDER_FILTERS)} />

        {orders.isPending ? (
          <LoadingSpinner label="発注を読み込み中..." className="py-16" />
        ) : !all ? (
          <ErrorBanner message={orders.error?.message ?? ''} onRetry={() => void orders.refetch()} />
        ) : (
          <>
            <p className="text-sm text-gray-600 dark:text-gray-400" aria-live="polite">
              {orders.hasNextPage
                ? `新しい順に読み込んだ${formatCount(all.length)}件中 ${formatCount(shown.length)}件を表示（さらに古い発注があります）`
                : `全${formatCount(all.length)}件中 ${formatCount(shown.length)}件を表示`}
            </p>
            {shown.length > 0 ? (
              <OrdersTable orders={shown} today={today} onAction={handleAction} />
            ) : (
              <EmptyState
                icon={<ClipboardList aria-hidden="true" />}
                message={all.length === 0 ? '発注はまだありません。部品管理の「発注」から登録できます。' : '条件に一致する発注はありません'}
              />
            )}
            {orders.isFetchNextPageError ? (
              <ErrorBanner message={orders.error?.message ?? ''} onRetry={() => void orders.fetchNextPage()} />
            ) : orders.hasNextPage ? (
              <div className="flex justify-center">
                <Button variant="secondary" onClick={() => void orders.fetchNextPage()} disabled={orders.isFetchingNextPage}>
                  {orders.isFetchingNextPage ? '読み込み中...' : 'さらに表示'}
                </Button>
              </div>
            ) : null}
          </>
        )}

        {dueInMonth.isSuccess ? <ThisMonthDeliveriesCard orders={dueThisMonth} today={today} /> : null}

        {modal?.action === 'update' && <OrderStatusModal order={modal.order} onClose={closeModal} />}
        {modal?.action === 'deliver' && <DeliverOrderModal order={modal.order} onClose={closeModal} />}
        {modal?.action === 'delete' && <DeleteOrderModal order={modal.order} onClose={closeModal} />}
      </div>
    </PageContainer>
  );
}
