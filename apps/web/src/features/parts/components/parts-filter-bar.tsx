import { RotateCcw, Search } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Button } from '../../../components/form/button.tsx';
import { SelectField } from '../../../components/form/select-field.tsx';
import { FIELD_LABEL_CLASSES } from '../../../components/form/field.tsx';
import { hasActiveFilters, type PartFilters, STOCK_FILTER_LABELS, type StockFilter } from '../utils/filter-parts.ts';

const STOCK_OPTIONS = (Object.keys(STOCK_FILTER_LABELS) as StockFilter[]).map((value) => ({ value, label: STOCK_FILTER_LABELS[value] }));

const FIELD_CLASSES =
  'block w-full rounded-md border border-gray-300 bg-white py-2 pr-3 pl-9 text-base text-gray-900 shadow-sm placeholder:text-gray-400 focus:border-blue-500 focus:ring-2 focus:ring-blue-500/40 focus:outline-none sm:text-sm dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100 dark:placeholder:text-gray-500';

/** Search, stock filter, tag multi-select and reset (specification 001, section 2). */
export function PartsFilterBar({
  filters,
  onChange,
  onReset,
  tagFilter,
}: {
  filters: PartFilters;
  onChange: (filters: PartFilters) => void;
  onReset: () => void;
  /** The tag multi-select; it edits filters.tagIds itself. */
  tagFilter: ReactNode;
}) {
  const searchId = useId();
  return (
    <div
      role="search"
      aria-label="部品の絞り込み"
      className="flex flex-col gap-3 rounded-xl border border-gray-200 bg-white p-3 md:flex-row md:flex-wrap md:items-end dark:border-gray-800 dark:bg-gray-900"
    >
      <div className="min-w-0 md:flex-[2_1_16rem]">
        <label htmlFor={searchId} className={FIELD_LABEL_CLASSES}>
          部品検索
        </label>
        <div className="relative">
          <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-gray-400" aria-hidden="true" />
          <input
            id={searchId}
            type="search"
            value={filters.search}
            onChange={(event) => onChange({ ...filters, search: event.target.value })}
            placeholder="部品名・品番・カテゴリで検索"
            className={FIELD_CLASSES}
          />
        </div>
      </div>
      <SelectField
        label="在庫状況"
        className="md:w-40"
        value={filters.stock}
        onChange={(event) => onChange({ ...filters, stock: event.target.value as StockFilter })}
        options={STOCK_OPTIONS}
      />
      <div className="min-w-0 md:flex-[1_1_14rem]">{tagFilter}</div>
      <Button variant="secondary" onClick={onReset} disabled={!hasActiveFilters(filters)} className="md:self-end">
        <RotateCcw className="h-4 w-4" aria-hidden="true" />
        リセット
      </Button>
    </div>
  );
}
