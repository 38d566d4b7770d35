import { ORDER_STATUS_LABELS, ORDER_STATUSES } from '@inventory/contracts/order-statuses';
import { X } from 'lucide-react';
import { Button } from '../../../components/form/button.tsx';
import { SelectField } from '../../../components/form/select-field.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import {
  ALL_STATUSES_LABEL,
  hasActiveOrderFilters,
  ORDER_DUE_LABELS,
  type OrderDueFilter,
  ORDER_SORT_LABELS,
  type OrderFilters,
  type OrderSort,
  type OrderStatusFilter,
} from '../utils/order-list.ts';

const STATUS_OPTIONS = [
  { value: 'all', label: ALL_STATUSES_LABEL },
  ...ORDER_STATUSES.map((status) => ({ value: status, label: ORDER_STATUS_LABELS[status] })),
];
const SORT_OPTIONS = Object.entries(ORDER_SORT_LABELS).map(([value, label]) => ({ value, label }));
const DUE_OPTIONS = Object.entries(ORDER_DUE_LABELS).map(([value, label]) => ({ value, label }));

export function OrderFiltersBar({
  filters,
  onChange,
  onClear,
}: {
  filters: OrderFilters;
  onChange: (filters: OrderFilters) => void;
  onClear: () => void;
}) {
  // One column on phones (the sort labels need the width); on tablets the search spans both
  // columns above status, 納期, sort and clear; from 1024 px all five sit in one row.
  return (
    <div
      role="search"
      aria-label="発注の絞り込み"
      className="grid grid-cols-1 items-end gap-3 sm:grid-cols-2 rounded-xl border border-gray-200 bg-white p-4 lg:grid-cols-[minmax(0,1.5fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_auto] dark:border-gray-800 dark:bg-gray-900"
    >
      <TextField
        className="sm:col-span-2 lg:col-span-1"
        label="部品名で検索"
        type="search"
        placeholder="部品名を入力"
        autoComplete="off"
        value={filters.search}
        onChange={(event) => onChange({ ...filters, search: event.target.value })}
      />
      <SelectField
        label="状態"
        options={STATUS_OPTIONS}
        value={filters.status}
        onChange={(event) => onChange({ ...filters, status: event.target.value as OrderStatusFilter })}
      />
      <SelectField
        label="納期"
        options={DUE_OPTIONS}
        value={filters.due}
        onChange={(event) => onChange({ ...filters, due: event.target.value as OrderDueFilter })}
      />
      <SelectField
        label="並び替え"
        options={SORT_OPTIONS}
        value={filters.sort}
        onChange={(event) => onChange({ ...filters, sort: event.target.value as OrderSort })}
      />
      <Button variant="secondary" onClick={onClear} disabled={!hasActiveOrderFilters(filters)}>
        <X className="h-4 w-4" aria-hidden="true" />
        クリア
      </Button>
    </div>
  );
}
