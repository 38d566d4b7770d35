import type { StocktakeSummary } from '@inventory/contracts/stocktakes';
import type { Tag } from '@inventory/contracts/tags';
import { ClipboardCheck, Plus, Scale } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/form/button.tsx';
import { PageContainer, PageHeader } from '../../../components/layout/page-header.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorBanner } from '../../../components/ui/error-banner.tsx';
import { LoadingSpinner } from '../../../components/ui/loading-spinner.tsx';
import { paths, stocktakePath } from '../../../config/paths.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { lazyComponent } from '../../../lib/lazy-code.tsx';
import { useModal } from '../../../lib/use-modal.ts';
import { useStocktakes } from '../api/get-stocktakes.ts';
import { CountProgress, StocktakeStatusBadge } from './stocktake-status-badge.tsx';

const CreateStocktakeModal = lazyComponent(async () => (await import('./create-stocktake-modal.tsx')).CreateStocktakeModal);

const LINK_BUTTON =
  'inline-flex items-center justify-center gap-2 rounded-md border border-gray-300 bg-white px-4 py-2 text-sm font-medium text-gray-800 hover:bg-gray-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-gray-400 dark:border-gray-600 dark:bg-gray-800 dark:text-gray-100 dark:hover:bg-gray-700';

function StocktakeCard({ stocktake }: { stocktake: StocktakeSummary }) {
  const closed = stocktake.status === 'committed' ? `確定: ${formatDateTime(stocktake.committed_at!)} ${stocktake.committed_by ?? ''}` : stocktake.status === 'cancelled' ? `中止: ${formatDateTime(stocktake.cancelled_at!)} ${stocktake.cancelled_by ?? ''}` : null;
  return (
    <li>
      <Link
        to={stocktakePath(stocktake.id)}
        className="block rounded-xl border border-gray-200 bg-white p-4 shadow-sm hover:border-blue-300 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 dark:border-gray-700 dark:bg-gray-900 dark:hover:border-blue-700"
      >
        <div className="flex items-start justify-between gap-3">
          <h2 className="min-w-0 font-semibold break-words text-gray-900 dark:text-gray-50">{stocktake.name}</h2>
          <StocktakeStatusBadge status={stocktake.status} />
        </div>
        <div className="mt-3">
          <CountProgress counted={stocktake.counted_count} total={stocktake.line_count} />
        </div>
        <p className="mt-2 text-xs text-gray-500 dark:text-gray-400">
          開始: {formatDateTime(stocktake.created_at)} {stocktake.created_by ?? ''}
          {closed ? <span className="block">{closed}</span> : null}
        </p>
      </Link>
    </li>
  );
}

/**
 * 棚卸し: the stocktakes of the workspace, newest first, and 棚卸しを始める. Each opens its counting
 * screen; 在庫評価 is one tap away, as the count and the valuation belong to the same closing.
 */
export function StocktakesManagement({ tags }: { tags: ReadonlyArray<Pick<Tag, 'id' | 'name' | 'color'>> }) {
  const stocktakes = useStocktakes();
  const { modal, openModal, closeModal } = useModal<'create'>();
  return (
    <PageContainer>
      <PageHeader
        title="棚卸し"
        subtitle="棚の部品と商品を数え、帳簿の在庫との差異を確定します"
        actions={
          <>
            <Link to={paths.valuation} className={LINK_BUTTON}>
              <Scale className="h-4 w-4" aria-hidden="true" />
              在庫評価
            </Link>
            <Button onClick={() => openModal('create')}>
              <Plus className="h-4 w-4" aria-hidden="true" />
              棚卸しを始める
            </Button>
          </>
        }
      />
      {stocktakes.isPending ? (
        <LoadingSpinner label="棚卸しを読み込み中..." className="py-16" />
      ) : stocktakes.isError ? (
        <ErrorBanner message={stocktakes.error.message} onRetry={() => void stocktakes.refetch()} />
      ) : stocktakes.data.length === 0 ? (
        <EmptyState icon={<ClipboardCheck />} message="棚卸しはまだありません" hint="「棚卸しを始める」で、今の在庫を予定数として数え始めます" />
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {stocktakes.data.map((stocktake) => (
            <StocktakeCard key={stocktake.id} stocktake={stocktake} />
          ))}
        </ul>
      )}
      {modal === 'create' ? <CreateStocktakeModal tags={tags} onClose={closeModal} /> : null}
    </PageContainer>
  );
}
