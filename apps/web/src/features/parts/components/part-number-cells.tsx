import { MONEY_MAX_YEN, STOCK_MAX } from '@inventory/contracts/field-limits';
import type { PartListItem } from '@inventory/contracts/parts';
import type { ReactNode } from 'react';
import { InlineNumberCell } from '../../../components/ui/inline-number-cell.tsx';
import { lazyCode, useLazyCode } from '../../../lib/lazy-code.tsx';
import { formatCount, formatYen } from '../../../lib/format.ts';
import { unitLabel } from '../utils/part-display.ts';

export type InlineEditableField = 'current_stock' | 'min_stock_alert' | 'unit_price';

/** Field names used in the failure message 部品の{field}の更新に失敗しました. */
export const INLINE_FIELD_LABELS: Record<InlineEditableField, string> = {
  current_stock: '現在在庫',
  min_stock_alert: '最小在庫',
  unit_price: '単価',
};

export type PartFieldSave = (part: PartListItem, field: InlineEditableField, value: number | null) => Promise<unknown>;

// Counts always have a value, so clearing them keeps the old one; a unit price may be unknown.
const FIELD_RULES: Record<InlineEditableField, { max: number; nullable: boolean; format: (value: number, part: PartListItem) => ReactNode }> = {
  current_stock: { max: STOCK_MAX, nullable: false, format: (value, part) => `${formatCount(value)}${unitLabel(part)}` },
  min_stock_alert: { max: STOCK_MAX, nullable: false, format: (value) => formatCount(value) },
  unit_price: { max: MONEY_MAX_YEN, nullable: true, format: (value) => formatYen(value) },
};

// The server's own rules and messages check a value while it is typed. They are zod schemas, so
// they arrive after the table's first paint (an edit made before then is still checked by the
// server, whose message the save toasts).
const partFieldChecks = lazyCode(async () => (await import('@inventory/contracts/parts')).partFields);

/** One of a part's inline-editable numbers, as the parts table and the mobile card show it. */
export function PartNumberCell({
  part,
  field,
  locked,
  onFieldSave,
  format,
  className,
}: {
  part: PartListItem;
  field: InlineEditableField;
  /** Editable only while the parts table is unlocked. */
  locked: boolean;
  onFieldSave: PartFieldSave;
  /** Replaces the field's usual display, e.g. the table's smaller unit after the stock. */
  format?: (value: number) => ReactNode;
  className?: string;
}) {
  const rules = FIELD_RULES[field];
  const partFields = useLazyCode(partFieldChecks);
  return (
    <InlineNumberCell
      value={part[field]}
      editable={!locked}
      label={`「${part.name}」の${INLINE_FIELD_LABELS[field]}`}
      min={0}
      max={rules.max}
      nullable={rules.nullable}
      // Counts are whole numbers, a price has 2 decimals at most.
      validate={(value) => partFields?.[field].safeParse(value).error?.issues[0]?.message}
      className={className}
      format={format ?? ((value) => rules.format(value, part))}
      onSave={(value) => onFieldSave(part, field, value)}
    />
  );
}
