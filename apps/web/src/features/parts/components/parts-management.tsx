import type { PartListItem } from '@inventory/contracts/parts';
import clsx from 'clsx';
import { Download, EllipsisVertical, FileDown, Lock, LockOpen, Plus, Printer, Tags, Upload } from 'lucide-react';
import { type ReactNode, useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/form/button.tsx';
import { PageContainer, PageHeader } from '../../../components/layout/page-header.tsx';
import { labelsPath } from '../../../config/paths.ts';
import { DropdownMenu } from '../../../components/ui/dropdown-menu.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorBanner } from '../../../components/ui/error-banner.tsx';
import { LoadingSpinner } from '../../../components/ui/loading-spinner.tsx';
import { PullToRefresh } from '../../../components/ui/pull-to-refresh.tsx';
import { formatCount } from '../../../lib/format.ts';
import { lazyComponent, whenIdle } from '../../../lib/lazy-code.tsx';
import { notify } from '../../../lib/notify.ts';
import { useFiltersInUrl } from '../../../lib/use-filters-in-url.ts';
import { DESKTOP_TABLE_QUERY, useMediaQuery } from '../../../lib/use-media-query.ts';
import { useModal } from '../../../lib/use-modal.ts';
import { useExportPartsCsv } from '../api/export-parts-csv.ts';
import { PARTS_REFRESH_MESSAGES, usePartsWithFirstPage } from '../api/get-parts.ts';
import { fieldUpdateFailedMessage, useUpdatePart } from '../api/update-part.ts';
import { usePartsTableLock } from '../hooks/use-parts-table-lock.ts';
import { downloadCsvTemplate } from '../utils/csv-template.ts';
import { EMPTY_PART_FILTERS, filterParts, hasActiveFilters, partFiltersInUrl } from '../utils/filter-parts.ts';
import { nextSort, type PartSort, type PartSortColumn, sortParts } from '../utils/sort-parts.ts';
import { MobilePartsList } from './mobile-parts-list.tsx';
import type { PartAction } from './part-action-menu.tsx';
import type { SavePartTags, TagPickerProps } from './part-form-modal.tsx';
import { INLINE_FIELD_LABELS, type InlineEditableField } from './part-number-cells.tsx';
import { PartsFilterBar } from './parts-filter-bar.tsx';
import { PartsTable } from './parts-table.tsx';

// The dialogs of 部品管理 load when they first open: their forms (react-hook-form, zod), the tag
// picker and Headless UI would otherwise be part of the screen's first download when it is
// opened directly.
const PartFormModal = lazyComponent(async () => (await import('./part-form-modal.tsx')).PartFormModal);
const ReceiveStockModal = lazyComponent(async () => (await import('./receive-stock-modal.tsx')).ReceiveStockModal);
const CreateOrderModal = lazyComponent(async () => (await import('./create-order-modal.tsx')).CreateOrderModal);
const DeletePartDialog = lazyComponent(async () => (await import('./delete-part-dialog.tsx')).DeletePartDialog);
const PartDetailModal = lazyComponent(async () => (await import('./part-detail-modal.tsx')).PartDetailModal);
const CsvImportModal = lazyComponent(async () => (await import('./csv-import-modal.tsx')).CsvImportModal);

const NO_PARTS: PartListItem[] = [];

/** Which dialog is open. The part is the one the action started from; the shown data is the freshest cached copy. */
type PartsModal =
  | { kind: 'create' }
  | { kind: Exclude<PartAction, 'labels'>; part: PartListItem }
  | { kind: 'csv-import' }
  | { kind: 'tags' };

function LockToggle({ locked, onChange }: { locked: boolean; onChange: (locked: boolean) => void }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={!locked}
      title={locked ? 'クリックすると表の値をその場で編集できます' : 'クリックすると表をロックします'}
      onClick={() => onChange(!locked)}
      className={clsx(
        'inline-flex items-center gap-2 rounded-md border px-3 py-2 text-sm font-medium focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:outline-none',
        locked
          ? 'border-gray-300 bg-white text-gray-700 hover:bg-gray-50 dark:border-gray-600 dark:bg-gray-800 dark:text-gray-200 dark:hover:bg-gray-700'
          : 'border-amber-400 bg-amber-50 text-amber-800 hover:bg-amber-100 dark:border-amber-500/60 dark:bg-amber-950/40 dark:text-amber-200 dark:hover:bg-amber-900/40',
      )}
    >
      {locked ? <Lock className="h-4 w-4" aria-hidden="true" /> : <LockOpen className="h-4 w-4" aria-hidden="true" />}
      <span className="sr-only">インライン編集: </span>
      {locked ? 'ロック中' : '編集可能'}
    </button>
  );
}

/**
 * What the parts screen shows of tags. Tags are their own feature; the route fills these from
 * features/tags, so parts never imports it.
 */
export interface PartTagSlots {
  /** A part's tags in the table, the cards and the detail; editable while the table is unlocked. */
  renderPartTags: (part: PartListItem, editable: boolean) => ReactNode;
  renderTagFilter: (selectedIds: number[], onChange: (ids: number[]) => void) => ReactNode;
  renderTagPicker: (props: TagPickerProps) => ReactNode;
  saveTags: SavePartTags;
  renderTagManagement: (onClose: () => void) => ReactNode;
  /** Fetches the part form's tag picker once the list is up and the browser idle, so the form opens with it. */
  preloadTagPicker: () => void;
}

/** The 部品管理 screen: toolbar, filters, the table (cards on a phone) and every dialog. */
/** links: what the route places beside 部品を追加 (棚卸し and 在庫評価, screens of their own). */
export function PartsManagement({ tagSlots, links }: { tagSlots: PartTagSlots; links?: ReactNode }) {
  const { whole: partsQuery, firstPage } = usePartsWithFirstPage();
  const updatePart = useUpdatePart();
  const exportCsv = useExportPartsCsv();
  const isDesktop = useMediaQuery(DESKTOP_TABLE_QUERY);
  const { locked, setLocked } = usePartsTableLock();
  // In the URL: the dashboard's low-stock banner links here with 在庫不足 chosen, and back and reload keep it.
  const [filters, setFilters] = useFiltersInUrl(partFiltersInUrl);
  const [sort, setSort] = useState<PartSort | null>(null);
  const { modal, openModal, closeModal } = useModal<PartsModal>();

  const parts = partsQuery.data ?? firstPage?.parts ?? NO_PARTS;
  // Until the whole list is here its cells stay locked, and its first page shows with the count
  // of every part, unless a filter or a sort asks for what the first page alone cannot answer.
  const cellsLocked = locked || firstPage !== undefined;
  const { preloadTagPicker } = tagSlots;
  const listShown = partsQuery.isSuccess;
  useEffect(() => (listShown ? whenIdle(preloadTagPicker) : undefined), [listShown, preloadTagPicker]);
  // Typing stays instant with 10,000 parts: the list follows the filters a moment later.
  const deferredFilters = useDeferredValue(filters);
  const shownParts = useMemo(() => sortParts(filterParts(parts, deferredFilters), sort), [parts, deferredFilters, sort]);
  const firstPageShown = firstPage !== undefined && !hasActiveFilters(deferredFilters) && sort === null;
  const partsById = useMemo(() => new Map(parts.map((part) => [part.id, part])), [parts]);

  // Drawn again only when the chosen tags change: not on every keystroke in the search box.
  const { renderTagFilter } = tagSlots;
  const tagFilter = useMemo(
    () => renderTagFilter([...filters.tagIds], (tagIds) => setFilters((current) => ({ ...current, tagIds }))),
    [renderTagFilter, filters.tagIds, setFilters],
  );

  const handleSort = useCallback((column: PartSortColumn) => setSort((current) => nextSort(current, column)), []);
  const navigate = useNavigate();
  const handleAction = useCallback(
    (action: PartAction, part: PartListItem) => (action === 'labels' ? void navigate(labelsPath({ partIds: [part.id] })) : openModal({ kind: action, part })),
    [openModal, navigate],
  );

  const { mutateAsync: savePart } = updatePart;
  const handleFieldSave = useCallback(
    (part: PartListItem, field: InlineEditableField, value: number | null) =>
      savePart({ id: part.id, body: { [field]: value }, fallbackMessage: fieldUpdateFailedMessage(INLINE_FIELD_LABELS[field]) }).catch(
        (error: Error) => {
          notify.error(error.message);
          throw error;
        },
      ),
    [savePart],
  );

  const handleRefresh = async () => {
    const result = await partsQuery.refetch();
    if (result.isError) notify.error(PARTS_REFRESH_MESSAGES.failure);
    else notify.success(PARTS_REFRESH_MESSAGES.success);
  };

  const fresh = (part: PartListItem) => partsById.get(part.id) ?? part;

  let content: ReactNode;
  if (partsQuery.isError) {
    content = <ErrorBanner message={partsQuery.error.message} onRetry={() => void partsQuery.refetch()} />;
  } else if (partsQuery.isPending && !firstPageShown) {
    content = <LoadingSpinner label="部品を読み込み中..." className="py-16" />;
  } else if (parts.length === 0) {
    content = <EmptyState message="部品が登録されていません" hint="「部品を追加」またはCSVインポートで登録できます。" />;
  } else if (shownParts.length === 0) {
    content = <EmptyState message="条件に一致する部品がありません" />;
  } else if (isDesktop) {
    content = (
      <PartsTable
        parts={shownParts}
        sort={sort}
        onSort={handleSort}
        locked={cellsLocked}
        onAction={handleAction}
        onFieldSave={handleFieldSave}
        renderTags={tagSlots.renderPartTags}
      />
    );
  } else {
    content = (
      <MobilePartsList parts={shownParts} locked={cellsLocked} onAction={handleAction} onFieldSave={handleFieldSave} renderTags={tagSlots.renderPartTags} />
    );
  }

  const page = (
    <PageContainer>
      <PageHeader
        title="部品管理"
        subtitle="部品の在庫・単価・タグを管理します"
        actions={
          <>
            {links}
            <Button onClick={() => openModal({ kind: 'create' })}>
              <Plus className="h-4 w-4" aria-hidden="true" />
              部品を追加
            </Button>
          </>
        }
      />

      <div role="toolbar" aria-label="部品の操作" className="mb-3 flex flex-wrap items-center gap-2">
        <LockToggle locked={locked} onChange={setLocked} />
        <div className="ml-auto flex items-center gap-2">
          <Button variant="secondary" onClick={() => exportCsv.mutate()} disabled={exportCsv.isPending} className="px-3 sm:px-4">
            <Download className="h-4 w-4" aria-hidden="true" />
            {/* Icons alone on a phone, so the toolbar stays one line at 375 px. */}
            <span className="sr-only sm:not-sr-only">{exportCsv.isPending ? 'エクスポート中...' : 'CSVエクスポート'}</span>
          </Button>
          <Button variant="secondary" onClick={() => openModal({ kind: 'csv-import' })} className="px-3 sm:px-4">
            <Upload className="h-4 w-4" aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">CSVインポート</span>
          </Button>
          <DropdownMenu
            trigger={<EllipsisVertical className="h-5 w-5" aria-hidden="true" />}
            triggerLabel="その他の操作"
            triggerClassName="border border-gray-300 bg-white p-2! dark:border-gray-600 dark:bg-gray-800"
            menuClassName="min-w-60"
            items={[
              { label: 'CSVテンプレートをダウンロード', icon: <FileDown className="h-4 w-4" />, onSelect: downloadCsvTemplate },
              { label: 'タグ管理', icon: <Tags className="h-4 w-4" />, onSelect: () => openModal({ kind: 'tags' }) },
              {
                label: `表示中の部品のラベル印刷（${formatCount(shownParts.length)}件）`,
                icon: <Printer className="h-4 w-4" />,
                onSelect: () => void navigate(labelsPath({ partIds: shownParts.map((part) => part.id) })),
              },
            ]}
          />
        </div>
      </div>

      <PartsFilterBar
        filters={filters}
        onChange={setFilters}
        onReset={() => setFilters(EMPTY_PART_FILTERS)}
        tagFilter={tagFilter}
      />

      <div className="mt-4 mb-2 flex min-h-5 items-baseline justify-between gap-2 text-sm text-gray-600 dark:text-gray-400">
        <p aria-live="polite">
          {partsQuery.isSuccess ? (
            <>
              <span className="font-medium text-gray-900 dark:text-gray-100">全{formatCount(shownParts.length)}件</span>
              {hasActiveFilters(deferredFilters) ? <span className="ml-1">（登録 {formatCount(parts.length)}件）</span> : null}
            </>
          ) : firstPageShown ? (
            <span className="font-medium text-gray-900 dark:text-gray-100">全{formatCount(firstPage.total)}件</span>
          ) : null}
        </p>
        {!cellsLocked && <p className="text-xs text-amber-700 dark:text-amber-300">数値とタグをクリックして編集できます</p>}
      </div>

      {content}
    </PageContainer>
  );

  return (
    <>
      {isDesktop ? page : <PullToRefresh onRefresh={handleRefresh}>{page}</PullToRefresh>}

      {modal?.kind === 'create' && (
        <PartFormModal onClose={closeModal} part={null} renderTagPicker={tagSlots.renderTagPicker} saveTags={tagSlots.saveTags} />
      )}
      {modal?.kind === 'edit' && (
        <PartFormModal
          key={modal.part.id}
          onClose={closeModal}
          part={fresh(modal.part)}
          renderTagPicker={tagSlots.renderTagPicker}
          saveTags={tagSlots.saveTags}
        />
      )}
      {modal?.kind === 'receive' && <ReceiveStockModal key={modal.part.id} part={fresh(modal.part)} onClose={closeModal} />}
      {modal?.kind === 'order' && <CreateOrderModal key={modal.part.id} part={fresh(modal.part)} onClose={closeModal} />}
      {modal?.kind === 'delete' && <DeletePartDialog key={modal.part.id} part={modal.part} onClose={closeModal} />}
      {modal?.kind === 'detail' && (
        <PartDetailModal
          key={modal.part.id}
          part={fresh(modal.part)}
          renderTags={(part) => tagSlots.renderPartTags(part, false)}
          onClose={closeModal}
          onEdit={(part) => openModal({ kind: 'edit', part })}
        />
      )}
      {modal?.kind === 'csv-import' && <CsvImportModal onClose={closeModal} />}
      {modal?.kind === 'tags' && tagSlots.renderTagManagement(closeModal)}
    </>
  );
}
