import { zodResolver } from '@hookform/resolvers/zod';
import {
  createPartBody,
  DEFAULT_UNIT_LABEL,
  PART_UNIT_MAX,
  type PartListItem,
  updatePartBody,
  type UpdatePartBody,
} from '@inventory/contracts/parts';
import { type ReactNode, useId, useState } from 'react';
import { type Path, type Resolver, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { reasonOrUnset, StockReasonFields } from '../../../components/form/stock-reason-fields.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { FormModal } from '../../../components/ui/form-modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { useCreatePart } from '../api/create-part.ts';
import { useUpdatePart } from '../api/update-part.ts';
import { optionalNumber } from '../../../lib/form-numbers.ts';

type PartFormInput = z.input<typeof createPartBody> & Pick<UpdatePartBody, 'reason' | 'reason_note'>;
// The edit form validates with updatePartBody, whose output is the create output with every field optional.
type PartFormOutput = z.output<typeof updatePartBody>;

const FORM_FIELDS = ['name', 'unit', 'unit_price', 'current_stock', 'min_stock_alert', 'url', 'part_number', 'category', 'barcode', 'reason', 'reason_note'] as const;

/** Empty number inputs: an optional money field becomes unset, a count falls back to its default. */
const countOrDefault = (value: unknown) => (value === '' || value === null || value === undefined ? undefined : Number(value));

function defaultsFor(part: PartListItem | null): PartFormInput {
  return {
    name: part?.name ?? '',
    unit: part?.unit ?? '',
    unit_price: part?.unit_price ?? null,
    current_stock: part?.current_stock ?? 0,
    min_stock_alert: part?.min_stock_alert ?? 0,
    url: part?.url ?? '',
    part_number: part?.part_number ?? '',
    category: part?.category ?? '',
    barcode: part?.barcode ?? '',
    reason: undefined,
    reason_note: '',
  };
}

export interface TagPickerProps {
  selectedIds: number[];
  onChange: (ids: number[]) => void;
  disabled: boolean;
}

/** Saves a part's tags after the part; reports its own failures (the part is saved either way). */
export type SavePartTags = (change: { partId: number; from: number[]; to: number[] }) => Promise<void>;

/**
 * Add (part = null) or edit a part, with its tags. Mount it per part (key) so the form starts fresh.
 * The tag picker and the tag saving come from the tags feature through the route.
 */
export function PartFormModal({
  onClose,
  part,
  renderTagPicker,
  saveTags,
}: {
  onClose: () => void;
  part: PartListItem | null;
  renderTagPicker: (props: TagPickerProps) => ReactNode;
  saveTags: SavePartTags;
}) {
  const formId = useId();
  const createPart = useCreatePart();
  const updatePart = useUpdatePart();
  const [tagIds, setTagIds] = useState<number[]>(part?.tag_ids ?? []);
  const [savingTags, setSavingTags] = useState(false);
  const isEdit = part !== null;

  const form = useForm<PartFormInput, unknown, PartFormOutput>({
    resolver: (isEdit ? zodResolver(updatePartBody) : zodResolver(createPartBody)) as Resolver<PartFormInput, unknown, PartFormOutput>,
    defaultValues: defaultsFor(part),
  });
  const { errors, dirtyFields } = form.formState;
  const chosenReason = useWatch({ control: form.control, name: 'reason' });
  const saving = createPart.isPending || updatePart.isPending || savingTags;

  const saveChosenTags = async (partId: number) => {
    setSavingTags(true);
    try {
      await saveTags({ partId, from: part?.tag_ids ?? [], to: tagIds });
    } finally {
      setSavingTags(false);
    }
  };

  const showServerError = (error: unknown) => {
    if (!(error instanceof Error)) return;
    notify.error(error.message);
    if (error instanceof ApiError) {
      for (const detail of error.details ?? []) {
        const field = FORM_FIELDS.find((name) => name === detail.path);
        if (field) form.setError(field as Path<PartFormInput>, { message: detail.message });
      }
    }
  };

  const handleSubmit = form.handleSubmit(async (values) => {
    try {
      let saved: PartListItem;
      if (isEdit) {
        // The whole form is sent, except the stock when it was not touched: a stale number from a
        // form opened before someone else's receipt must not overwrite the real stock.
        const { current_stock, reason, reason_note, status: _status, ...rest } = values;
        const body: UpdatePartBody = dirtyFields.current_stock ? { ...rest, current_stock, reason, reason_note } : rest;
        saved = await updatePart.mutateAsync({ id: part.id, body });
      } else {
        saved = await createPart.mutateAsync(values as z.output<typeof createPartBody>);
      }
      await saveChosenTags(saved.id);
      notify.success(isEdit ? `部品「${saved.name}」を更新しました` : `部品「${saved.name}」を追加しました`);
      onClose();
    } catch (error) {
      showServerError(error);
    }
  });

  return (
    <FormModal
      open
      onClose={onClose}
      title={isEdit ? '部品を編集' : '部品を追加'}
      size="lg"
      formId={formId}
      pending={saving}
      submitLabel="保存"
      pendingLabel="保存中..."
    >
      <form id={formId} onSubmit={handleSubmit} noValidate className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField label="部品名" autoFocus error={errors.name?.message} className="sm:col-span-2" {...form.register('name')} />
        <TextField
          label="単位"
          placeholder={DEFAULT_UNIT_LABEL}
          maxLength={PART_UNIT_MAX}
          error={errors.unit?.message}
          {...form.register('unit')}
        />
        <TextField
          label="単価（円）"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          error={errors.unit_price?.message}
          {...form.register('unit_price', { setValueAs: optionalNumber })}
        />
        <TextField
          label="現在在庫"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          hint={isEdit ? '変更すると在庫修正として在庫履歴に記録されます' : undefined}
          error={errors.current_stock?.message}
          {...form.register('current_stock', { setValueAs: countOrDefault })}
        />
        <TextField
          label="最小在庫アラート"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          error={errors.min_stock_alert?.message}
          {...form.register('min_stock_alert', { setValueAs: countOrDefault })}
        />
        {isEdit && dirtyFields.current_stock && (
          <StockReasonFields
            reason={form.register('reason', { setValueAs: reasonOrUnset })}
            note={form.register('reason_note')}
            chosen={chosenReason}
            reasonError={errors.reason?.message}
            noteError={errors.reason_note?.message}
          />
        )}
        <TextField
          label="URL"
          type="url"
          inputMode="url"
          placeholder="https://"
          error={errors.url?.message}
          className="sm:col-span-2"
          {...form.register('url')}
        />
        <TextField label="品番" error={errors.part_number?.message} {...form.register('part_number')} />
        <TextField label="カテゴリ" error={errors.category?.message} {...form.register('category')} />
        <TextField
          label="バーコード"
          hint="JAN・EANなど部品に印刷されたコード（任意）"
          inputMode="text"
          autoComplete="off"
          error={errors.barcode?.message}
          className="sm:col-span-2"
          {...form.register('barcode')}
        />
        <div className="sm:col-span-2">
          {renderTagPicker({ selectedIds: tagIds, onChange: setTagIds, disabled: saving })}
        </div>
      </form>
    </FormModal>
  );
}
