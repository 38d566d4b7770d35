import { RotateCcw, Search } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Button } from '../../../components/form/button.tsx';
import { SelectField } from '../../../components/form/select-field.tsx';
import { FIELD_LABEL_CLASSES } from '../../../components/form/field.tsx';
import {
  hasActiveFilters,
  type PartFilters,
  STOCK_FILTER_LABELS,
  type StockFilter,
  TAG_MATCH_LABELS,
  type TagMatch,
} from '../utils/filter-parts.ts';

const STOCK_OPTIONS = (Object.keys(STOCK_FILTER_LABELS) as StockFilter[]).map((value) => ({ value, label: STOCK_FILTER_LABELS[value] }));

const FIELD_CLASSES =
  'block w-full rounded-md border border-gray-300 bg-white py-2 pr-3 pl-9 text-base text-gray-900 shadow-sm placeholder:text-gray-400 focus:border-blue-500 focus:ring-2 focus:ring-blue-500/40 focus:outline-none sm:text-sm dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100 dark:placeholder:text-gray-500';

const TAG_MATCH_HINTS: Record<TagMatch, string> = {
  all: '選んだタグをすべて持つ部品を表示',
  any: '選んだタグのどれかを持つ部品を表示',
};

/** すべて (every chosen tag, the default) or いずれか (any one), shown beside the tag filter's label. */
function TagMatchToggle({ value, onChange }: { value: TagMatch; onChange: (value: TagMatch) => void }) {
  const name = useId();
  return (
    <fieldset className="flex items-center gap-1.5">
      <legend className="sr-only">複数のタグの一致条件</legend>
      <span aria-hidden="true" className="text-xs text-gray-500 dark:text-gray-400">
        一致
      </span>
      <div className="inline-flex overflow-hidden rounded-md border border-gray-300 dark:border-gray-600">
        {(Object.keys(TAG_MATCH_LABELS) as TagMatch[]).map((match) => (
          <label
            key={match}
            title={TAG_MATCH_HINTS[match]}
            className="cursor-pointer bg-white px-2 py-0.5 text-xs font-medium text-gray-700 not-first:border-l not-first:border-gray-300 has-checked:bg-blue-600 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-offset-1 has-focus-visible:outline-blue-500 dark:bg-gray-800 dark:text-gray-200 dark:not-first:border-gray-600 dark:has-checked:bg-blue-600 dark:has-checked:text-white"
          >
            <input type="radio" name={name} value={match} checked={value === match} onChange={() => onChange(match)} className="sr-only" />
            {TAG_MATCH_LABELS[match]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Search, stock filter, tag multi-select with its match mode, and reset. */
export function PartsFilterBar({
  filters,
  onChange,
  onReset,
  tagFilter,
}: {
  filters: PartFilters;
  onChange: (filters: PartFilters) => void;
  onReset: () => void;
  /** The tag multi-select (labelled タグ here); it edits filters.tagIds itself. */
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
      <div className="min-w-0 md:flex-[1_1_14rem]">
        <div className="mb-1 flex items-center justify-between gap-2">
          <span className="text-sm font-medium text-gray-700 dark:text-gray-300" aria-hidden="true">
            タグ
          </span>
          <TagMatchToggle value={filters.tagMatch} onChange={(tagMatch) => onChange({ ...filters, tagMatch })} />
        </div>
        {tagFilter}
      </div>
      <Button variant="secondary" onClick={onReset} disabled={!hasActiveFilters(filters)} className="md:self-end">
        <RotateCcw className="h-4 w-4" aria-hidden="true" />
        リセット
      </Button>
    </div>
  );
}
