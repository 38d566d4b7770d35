import type { Sale } from '@inventory/contracts/sales';
import clsx from 'clsx';
import { PackageSearch, ReceiptText } from 'lucide-react';
import type { ReactNode } from 'react';
import { PageContainer, PageHeader } from '../../../components/layout/page-header.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorBanner } from '../../../components/ui/error-banner.tsx';
import { LoadingSpinner } from '../../../components/ui/loading-spinner.tsx';
import { formatCount } from '../../../lib/format.ts';
import { lazyComponent } from '../../../lib/lazy-code.tsx';
import { useModal } from '../../../lib/use-modal.ts';
import { useProductChoices } from '../api/get-products.ts';
import { SALES_TABLE_LIMIT, useSales } from '../api/get-sales.ts';
import { useSalesByProduct } from '../api/get-sales-by-product.ts';
import { useSalesSummary } from '../api/get-sales-summary.ts';
import { useSalesFilters } from '../hooks/use-sales-filters.ts';
import { ProductSalesTable } from './product-sales-table.tsx';
import { SalesFiltersBar } from './sales-filters-bar.tsx';
import { SalesSummaryCards } from './sales-summary-cards.tsx';
import { type SaleAction, SalesTable } from './sales-table.tsx';
import { SalesTrendCard } from './sales-trend-card.tsx';

// The dialogs of 販売管理 load when they first open, so the screen opened directly does not
// download their forms and Headless UI before it shows.
const EditSaleModal = lazyComponent(async () => (await import('./edit-sale-modal.tsx')).EditSaleModal);
const DeleteSaleModal = lazyComponent(async () => (await import('./delete-sale-modal.tsx')).DeleteSaleModal);

/**
 * The 販売管理 screen: filters, six summary cards, the 12-month
 * trend, the sales records with edit and delete, and the per-product statistics. `headerActions`
 * (the route's link to 注文を取り込む) sit beside the title.
 */
export function SalesManagement({ headerActions }: { headerActions?: ReactNode }) {
  const filters = useSalesFilters();
  const products = useProductChoices();
  // Invalid filters keep the last valid query, so nothing refused by the server is ever sent.
  const summary = useSalesSummary(filters.query);
  const sales = useSales(filters.query);
  const byProduct = useSalesByProduct(filters.query);
  const { modal, openModal, closeModal } = useModal<{ action: SaleAction; sale: Sale }>();

  return (
    <PageContainer>
      <PageHeader
        title="販売管理"
        subtitle="期間と商品で売上・原価・利益を集計し、売上記録を修正します"
        actions={headerActions}
      />
      <div className="space-y-6">
        <SalesFiltersBar
          values={filters.values}
          errors={filters.errors}
          products={products.data ?? []}
          canReset={filters.canReset}
          onChange={filters.change}
          onReset={filters.reset}
        />

        {summary.isPending ? (
          <LoadingSpinner label="売上サマリーを読み込み中..." className="py-8" />
        ) : summary.isError ? (
          <ErrorBanner message={summary.error.message} onRetry={() => void summary.refetch()} />
        ) : (
          <SalesSummaryCards summary={summary.data} stale={summary.isPlaceholderData} />
        )}

        <SalesTrendCard
          productId={filters.query.product_id}
          productName={products.data?.find((product) => product.id === filters.query.product_id)?.name}
        />

        <ScreenSection
          id="sales-records-title"
          title="売上記録"
          note={
            sales.isSuccess
              ? sales.data.length >= SALES_TABLE_LIMIT
                ? `新しい順に${formatCount(SALES_TABLE_LIMIT)}件まで表示しています`
                : `${formatCount(sales.data.length)}件（新しい順）`
              : null
          }
          stale={sales.isPlaceholderData}
        >
          {sales.isPending ? (
            <LoadingSpinner label="売上記録を読み込み中..." className="py-12" />
          ) : sales.isError ? (
            <ErrorBanner message={sales.error.message} onRetry={() => void sales.refetch()} />
          ) : sales.data.length === 0 ? (
            <EmptyState
              icon={<ReceiptText aria-hidden="true" />}
              message="この条件の売上記録はありません"
              hint="販売は商品管理の「販売」から登録するか、「注文を取り込む」でショップの注文CSVから取り込めます"
            />
          ) : (
            <SalesTable sales={sales.data} onAction={(action, sale) => openModal({ action, sale })} />
          )}
        </ScreenSection>

        <ScreenSection id="product-sales-title" title="商品別売上" stale={byProduct.isPlaceholderData}>
          {byProduct.isPending ? (
            <LoadingSpinner label="商品別売上を読み込み中..." className="py-12" />
          ) : byProduct.isError ? (
            <ErrorBanner message={byProduct.error.message} onRetry={() => void byProduct.refetch()} />
          ) : byProduct.data.length === 0 ? (
            <EmptyState icon={<PackageSearch aria-hidden="true" />} message="この条件で販売された商品はありません" />
          ) : (
            <ProductSalesTable rows={byProduct.data} />
          )}
        </ScreenSection>

        {modal?.action === 'edit' && <EditSaleModal sale={modal.sale} onClose={closeModal} />}
        {modal?.action === 'delete' && <DeleteSaleModal sale={modal.sale} onClose={closeModal} />}
      </div>
    </PageContainer>
  );
}

function ScreenSection({
  id,
  title,
  note,
  stale,
  children,
}: {
  id: string;
  title: string;
  note?: ReactNode;
  /** The previous filters' answer while the new one loads: dimmed. */
  stale: boolean;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} aria-busy={stale}>
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h2 id={id} className="text-lg font-semibold text-gray-900 dark:text-gray-100">
          {title}
        </h2>
        {note ? <p className="text-sm text-gray-600 dark:text-gray-400">{note}</p> : null}
      </div>
      <div className={clsx('transition-opacity', stale && 'opacity-60')}>{children}</div>
    </section>
  );
}
