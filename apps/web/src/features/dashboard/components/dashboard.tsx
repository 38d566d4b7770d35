import type { DashboardResponse } from '@inventory/contracts/dashboard';
import type { Product } from '@inventory/contracts/products';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo } from 'react';
import { PageContainer, PageHeader } from '../../../components/layout/page-header.tsx';
import { ErrorBanner } from '../../../components/ui/error-banner.tsx';
import { LoadingSpinner } from '../../../components/ui/loading-spinner.tsx';
import { PullToRefresh } from '../../../components/ui/pull-to-refresh.tsx';
import { whenIdle } from '../../../lib/lazy-code.tsx';
import { notify } from '../../../lib/notify.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { DESKTOP_TABLE_QUERY, useMediaQuery } from '../../../lib/use-media-query.ts';
import { useModal } from '../../../lib/use-modal.ts';
import { DASHBOARD_REFRESH_MESSAGES, useDashboard } from '../api/get-dashboard.ts';
import { useDismissedAlerts } from '../hooks/use-dismissed-alerts.ts';
import { toProductCards } from '../utils/product-cards.ts';
import { AlertBanners } from './alert-banners.tsx';
import { DashboardCalendar } from './dashboard-calendar.tsx';
import { PlanList } from './plan-list.tsx';
import { ProductCards } from './product-cards.tsx';
import { RecentRecords, RecentSales } from './recent-lists.tsx';
import { SummaryTiles } from './summary-tiles.tsx';

/** Shown while the first answer loads. */
export const DASHBOARD_LOADING_TEXT = 'ダッシュボードのデータを読み込み中...';

/**
 * The manufacture and sell dialogs belong to the products feature; the route hands them in, since
 * features do not import each other. Each renders its dialog for the product, open while mounted.
 * They reload the dashboard themselves after a success (by its query key).
 */
export interface DashboardModalSlots {
  renderManufactureModal: (product: Product, onClose: () => void) => ReactNode;
  renderSellModal: (product: Product, onClose: () => void) => ReactNode;
  /** Fetches the dialogs' code once the dashboard is up and the browser idle, so a click on 製造 or 販売 opens at once. */
  preloadModals: () => void;
}

type DashboardModal = { kind: 'manufacture' | 'sell'; product: Product };

function DashboardContent({ data, isDesktop, onOpen }: { data: DashboardResponse; isDesktop: boolean; onOpen: (modal: DashboardModal) => void }) {
  const { dismissed, dismiss } = useDismissedAlerts();
  const cards = useMemo(() => toProductCards(data.products, data.capacities), [data.products, data.capacities]);

  // Banners, product cards, plans beside the calendar, tiles, then the two recent lists.
  return (
    <div className="space-y-6">
      <AlertBanners alerts={data.alerts} dismissed={dismissed} onDismiss={dismiss} />
      <ProductCards
        cards={cards}
        isDesktop={isDesktop}
        onManufacture={(product) => onOpen({ kind: 'manufacture', product })}
        onSell={(product) => onOpen({ kind: 'sell', product })}
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <PlanList plans={data.plans} className="lg:self-start" />
        <DashboardCalendar thisMonthEvents={data.calendar.events} className="lg:col-span-2" />
      </div>
      <SummaryTiles stats={data.stats} monthRevenue={data.month_revenue} />
      <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
        <RecentRecords records={data.recent_records} />
        <RecentSales sales={data.recent_sales} />
      </div>
    </div>
  );
}

/** The dashboard (ダッシュボード): everything from one GET /dashboard, the calendar's other months on demand. */
export function Dashboard({ modalSlots }: { modalSlots: DashboardModalSlots }) {
  const dashboard = useDashboard();
  const queryClient = useQueryClient();
  const isDesktop = useMediaQuery(DESKTOP_TABLE_QUERY);
  const { modal, openModal, closeModal } = useModal<DashboardModal>();
  const shown = dashboard.data !== undefined;
  useEffect(() => (shown ? whenIdle(modalSlots.preloadModals) : undefined), [shown, modalSlots]);

  // The pull reloads the answer and the month the calendar shows (80 px).
  const handleRefresh = async () => {
    await queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all });
    if (queryClient.getQueryState(queryKeys.dashboard.overview)?.status === 'error') notify.error(DASHBOARD_REFRESH_MESSAGES.failure);
    else notify.success(DASHBOARD_REFRESH_MESSAGES.success);
  };

  // The dialogs get the freshest copy of their product (a refused sale reloads the stock).
  const fresh = (product: Product) => dashboard.data?.products.find((candidate) => candidate.id === product.id) ?? product;

  // A failed reload keeps the last answer on screen; only a first load that fails shows the banner.
  let content: ReactNode;
  if (dashboard.data) content = <DashboardContent data={dashboard.data} isDesktop={isDesktop} onOpen={openModal} />;
  else if (dashboard.isError) content = <ErrorBanner message={dashboard.error.message} onRetry={() => void dashboard.refetch()} />;
  else content = <LoadingSpinner label={DASHBOARD_LOADING_TEXT} className="py-24" />;

  const page = (
    <PageContainer>
      <PageHeader title="ダッシュボード" subtitle="在庫システムの概要" />
      {content}
    </PageContainer>
  );

  return (
    <>
      {isDesktop ? page : <PullToRefresh onRefresh={handleRefresh}>{page}</PullToRefresh>}
      {modal?.kind === 'manufacture' && modalSlots.renderManufactureModal(fresh(modal.product), closeModal)}
      {modal?.kind === 'sell' && modalSlots.renderSellModal(fresh(modal.product), closeModal)}
    </>
  );
}
