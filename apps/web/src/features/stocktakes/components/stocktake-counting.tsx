import { STOCKTAKE_SCOPE_LABELS } from '@inventory/contracts/stocktake-texts';
import type { Tag } from '@inventory/contracts/tags';
import clsx from 'clsx';
import { ArrowLeft, Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { PageContainer } from '../../../components/layout/page-header.tsx';
import { ErrorBanner } from '../../../components/ui/error-banner.tsx';
import { LoadingSpinner } from '../../../components/ui/loading-spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { formatCount, formatDateTime } from '../../../lib/format.ts';
import { lazyComponent } from '../../../lib/lazy-code.tsx';
import { notify } from '../../../lib/notify.ts';
import { useStocktake } from '../api/get-stocktake.ts';
import { useRecordCounts } from '../api/record-counts.ts';
import { COUNT_LIST_SHOW_LABELS, type CountListFilters, type CountListShow, DEFAULT_COUNT_LIST_FILTERS, filterCountLines, lineKey } from '../utils/stocktake-lines.ts';
import { CountLine } from './count-line.tsx';
import { CountProgress, StocktakeStatusBadge } from './stocktake-status-badge.tsx';

// The review (its table, the commit form and the confirmation dialogs) loads when its tab opens.
const StocktakeReview = lazyComponent(async () => (await import('./stocktake-review.tsx')).StocktakeReview);

/** Lines drawn at once; さらに表示 adds as many again (a search finds the rest). */
export const COUNT_PAGE_LINES = 50;

type Tab = 'count' | 'review';

const INPUT =
  'block w-full rounded-xl border border-gray-300 bg-white text-base text-gray-900 shadow-sm focus:border-blue-500 focus:ring-2 focus:ring-blue-500/40 focus:outline-none dark:border-gray-600 dark:bg-gray-900 dark:text-gray-100';

/**
 * The counting screen, made for a phone in one hand: progress N / M 件, search by name or part
 * number, a tag filter, the uncounted lines first, and per line a big number field with − and +.
 * The expected quantity stays hidden until a line is counted (blind count) unless 予定数を表示 is
 * on. 差異の確認 lists the variances by value before 確定.
 */
export function StocktakeCounting({ id, tags }: { id: number; tags: ReadonlyArray<Pick<Tag, 'id' | 'name'>> }) {
  const stocktake = useStocktake(id);
  const record = useRecordCounts();
  const [tab, setTab] = useState<Tab>('count');
  const [filters, setFilters] = useState<CountListFilters>(DEFAULT_COUNT_LIST_FILTERS);
  const [showExpected, setShowExpected] = useState(false);
  const [openKey, setOpenKey] = useState<string | null>(null);
  const [limit, setLimit] = useState(COUNT_PAGE_LINES);
  const lines = stocktake.data?.lines;
  const shown = useMemo(() => (lines ? filterCountLines(lines, filters) : []), [lines, filters]);
  const usedTags = useMemo(() => {
    const used = new Set(lines?.flatMap((line) => line.tag_ids));
    return tags.filter((tag) => used.has(tag.id));
  }, [lines, tags]);

  if (stocktake.isPending) return <LoadingSpinner label="棚卸しを読み込み中..." className="py-24" />;
  if (stocktake.isError) {
    return (
      <PageContainer>
        <ErrorBanner message={stocktake.error.message} onRetry={() => void stocktake.refetch()} />
      </PageContainer>
    );
  }
  const current = stocktake.data;
  const counting = current.status === 'counting';
  const changeFilters = (next: Partial<CountListFilters>) => {
    setFilters((before) => ({ ...before, ...next }));
    setLimit(COUNT_PAGE_LINES);
  };
  const save = (key: string, itemKind: 'part' | 'product', itemId: number, counted: number) =>
    record.mutate(
      { id, counts: [itemKind === 'part' ? { part_id: itemId, counted } : { product_id: itemId, counted }] },
      {
        // The next uncounted line opens by itself in the uncounted list; elsewhere the editor closes.
        onSuccess: () => setOpenKey((open) => (open === key ? null : open)),
        onError: (error) => notify.error(error.message),
      },
    );

  return (
    <PageContainer>
      <div className="mx-auto max-w-3xl">
        <Link to={paths.stocktakes} className="mb-3 inline-flex items-center gap-1 text-sm text-blue-700 hover:underline dark:text-blue-300">
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          棚卸し一覧
        </Link>
        <div className="mb-4 flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h1 className="text-xl font-bold break-words text-gray-900 sm:text-2xl dark:text-gray-50">{current.name}</h1>
            <p className="mt-0.5 text-xs text-gray-500 dark:text-gray-400">
              {STOCKTAKE_SCOPE_LABELS[current.scope.kind]} ・ 開始 {formatDateTime(current.created_at)} {current.created_by ?? ''}
            </p>
          </div>
          <StocktakeStatusBadge status={current.status} />
        </div>
        <div className="mb-4">
          <CountProgress counted={current.counted_count} total={current.line_count} />
        </div>

        <div role="tablist" aria-label="棚卸しの画面" className="mb-4 grid grid-cols-2 rounded-xl bg-gray-100 p-1 dark:bg-gray-800">
          {(
            [
              ['count', counting ? '数える' : '品目'],
              ['review', '差異の確認'],
            ] as const
          ).map(([value, label]) => (
            <button
              key={value}
              type="button"
              role="tab"
              id={`tab-${value}`}
              aria-selected={tab === value}
              aria-controls={`panel-${value}`}
              onClick={() => setTab(value)}
              className={clsx(
                'h-11 rounded-lg text-sm font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500',
                tab === value ? 'bg-white text-blue-700 shadow-sm dark:bg-gray-900 dark:text-blue-300' : 'text-gray-700 dark:text-gray-300',
              )}
            >
              {label}
            </button>
          ))}
        </div>

        {tab === 'review' ? (
          <div role="tabpanel" id="panel-review" aria-labelledby="tab-review">
            <StocktakeReview stocktake={current} />
          </div>
        ) : (
          <div role="tabpanel" id="panel-count" aria-labelledby="tab-count" className="space-y-3">
            <div className="sticky top-14 z-10 -mx-4 space-y-2 border-b border-gray-200 bg-gray-50/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border dark:border-gray-800 dark:bg-gray-950/95">
              <div className="relative">
                <Search className="pointer-events-none absolute top-1/2 left-3 h-5 w-5 -translate-y-1/2 text-gray-500 dark:text-gray-400" aria-hidden="true" />
                <input
                  type="search"
                  aria-label="品名・品番で検索"
                  placeholder="品名・品番で検索"
                  value={filters.search}
                  onChange={(event) => changeFilters({ search: event.target.value })}
                  className={clsx(INPUT, 'h-12 pr-3 pl-10')}
                />
              </div>
              <div className="flex gap-2">
                <select aria-label="表示する品目" value={filters.show} onChange={(event) => changeFilters({ show: event.target.value as CountListShow })} className={clsx(INPUT, 'h-11 px-3')}>
                  {(Object.keys(COUNT_LIST_SHOW_LABELS) as CountListShow[]).map((show) => (
                    <option key={show} value={show}>
                      {COUNT_LIST_SHOW_LABELS[show]}
                    </option>
                  ))}
                </select>
                {usedTags.length > 0 ? (
                  <select
                    aria-label="タグで絞り込み"
                    value={filters.tagId ?? ''}
                    onChange={(event) => changeFilters({ tagId: event.target.value === '' ? null : Number(event.target.value) })}
                    className={clsx(INPUT, 'h-11 px-3')}
                  >
                    <option value="">すべてのタグ</option>
                    {usedTags.map((tag) => (
                      <option key={tag.id} value={tag.id}>
                        {tag.name}
                      </option>
                    ))}
                  </select>
                ) : null}
              </div>
              <label className="flex items-center gap-2 text-sm text-gray-700 dark:text-gray-300">
                <input type="checkbox" className="h-5 w-5" checked={showExpected} onChange={(event) => setShowExpected(event.target.checked)} />
                予定数を表示（数える前から見る）
              </label>
            </div>

            <p className="text-sm text-gray-600 dark:text-gray-400" aria-live="polite">
              {COUNT_LIST_SHOW_LABELS[filters.show]} {formatCount(shown.length)}件
              {filters.show === 'uncounted' && current.remaining_count === 0 ? '：すべて数えました。「差異の確認」へ進んでください' : ''}
            </p>
            <ul className="space-y-2">
              {shown.slice(0, limit).map((line) => {
                const key = lineKey(line);
                return (
                  <CountLine
                    key={`${key}:${line.counted ?? ''}`}
                    line={line}
                    open={openKey === key}
                    showExpected={showExpected}
                    editable={counting}
                    saving={record.isPending && openKey === key}
                    onOpen={() => setOpenKey((open) => (open === key ? null : key))}
                    onSave={(counted) => save(key, line.item_kind, line.item_id, counted)}
                  />
                );
              })}
            </ul>
            {shown.length > limit ? (
              <button
                type="button"
                onClick={() => setLimit((before) => before + COUNT_PAGE_LINES)}
                className="h-12 w-full rounded-xl border border-gray-300 bg-white text-sm font-medium text-gray-800 dark:border-gray-600 dark:bg-gray-800 dark:text-gray-100"
              >
                さらに表示（残り{formatCount(shown.length - limit)}件）
              </button>
            ) : null}
          </div>
        )}
      </div>
    </PageContainer>
  );
}
