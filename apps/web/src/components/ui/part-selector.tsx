import type { PartListItem } from '@inventory/contracts/parts';
import { DEFAULT_UNIT_LABEL } from '@inventory/contracts/units';
import { useMemo } from 'react';
import { formatQuantity } from '../../lib/format.ts';
import { InactivePartBadge, isInactivePart } from './inactive-part-badge.tsx';
import { type DropdownOption, SearchableDropdown } from './searchable-dropdown.tsx';

/** What the selector reads of a part. */
export type SelectablePart = Pick<PartListItem, 'id' | 'name' | 'part_number' | 'unit' | 'current_stock' | 'min_stock_alert' | 'status' | 'tag_ids'>;

/** The part selector treats stock strictly below the minimum as low. */
export const isBelowMinimum = (part: Pick<PartListItem, 'current_stock' | 'min_stock_alert'>) => part.current_stock < part.min_stock_alert;

export const LOW_STOCK_LABEL = '在庫不足';

/** More than a person scrolls through; a longer list waits for a narrower search. */
const MAX_SHOWN_PARTS = 100;

const collator = new Intl.Collator('ja');

function LowStockBadge() {
  return (
    <span className="shrink-0 rounded-full bg-yellow-100 px-2 py-0.5 text-xs font-medium text-yellow-800 dark:bg-yellow-900/40 dark:text-yellow-300">
      {LOW_STOCK_LABEL}
    </span>
  );
}

interface Choice {
  part: SelectablePart;
  option: DropdownOption<number>;
}

// The options of a parts list are built once per list (every recipe row shares them): a workshop
// with thousands of parts and a recipe of twenty rows would otherwise build them twenty times.
const choicesByList = new WeakMap<readonly SelectablePart[], Choice[]>();

function choicesOf(parts: readonly SelectablePart[]): Choice[] {
  let choices = choicesByList.get(parts);
  if (!choices) {
    choices = [...parts]
      .sort((a, b) => collator.compare(a.name, b.name))
      .map((part) => {
        const low = isBelowMinimum(part);
        const inactive = isInactivePart(part);
        return {
          part,
          option: {
            value: part.id,
            label: part.name,
            description: [part.part_number, `在庫 ${formatQuantity(part.current_stock, part.unit ?? DEFAULT_UNIT_LABEL)}`]
              .filter(Boolean)
              .join(' ・ '),
            badge:
              low || inactive ? (
                <>
                  {inactive && <InactivePartBadge />}
                  {low && <LowStockBadge />}
                </>
              ) : undefined,
          },
        };
      });
    choicesByList.set(parts, choices);
  }
  return choices;
}

/**
 * The part-selector combobox: searchable by name and part number,
 * sorted by name, each part with its stock and a 在庫不足 mark below its minimum. Only active parts
 * are offered unless `includeInactive` (the recipe editor asks for them). The chosen part always
 * stays listed, so the field never goes blank because a filter moved on.
 */
export function PartSelector({
  parts,
  value,
  onChange,
  includeInactive = false,
  tagId = null,
  excludeIds,
  label = '部品',
  hideLabel = false,
  placeholder = '部品を検索して選択',
  disabled = false,
  id,
}: {
  parts: readonly SelectablePart[];
  value: number | null;
  onChange: (partId: number | null) => void;
  includeInactive?: boolean;
  /** Offer only parts carrying this tag (the single-tag filter next to the selector). */
  tagId?: number | null;
  /** Parts chosen elsewhere (other recipe rows), left out of this list. */
  excludeIds?: ReadonlySet<number>;
  label?: string;
  hideLabel?: boolean;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
}) {
  const options = useMemo(
    () =>
      choicesOf(parts)
        .filter(
          ({ part }) =>
            part.id === value ||
            ((includeInactive || !isInactivePart(part)) &&
              (tagId === null || part.tag_ids.includes(tagId)) &&
              !excludeIds?.has(part.id)),
        )
        .map(({ option }) => option),
    [parts, value, includeInactive, tagId, excludeIds],
  );
  return (
    <SearchableDropdown
      id={id}
      label={label}
      hideLabel={hideLabel}
      options={options}
      value={value}
      onChange={onChange}
      placeholder={placeholder}
      emptyText="該当する部品がありません"
      disabled={disabled}
      maxOptions={MAX_SHOWN_PARTS}
    />
  );
}
