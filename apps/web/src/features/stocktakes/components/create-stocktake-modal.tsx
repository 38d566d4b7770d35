import { STOCKTAKE_NAME_MAX, STOCKTAKE_SCOPE_LABELS, type StocktakeScopeKind } from '@inventory/contracts/stocktake-texts';
import type { Tag } from '@inventory/contracts/tags';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { FIELD_LABEL_CLASSES } from '../../../components/form/field.tsx';
import { SelectField } from '../../../components/form/select-field.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { FormModal } from '../../../components/ui/form-modal.tsx';
import { stocktakePath } from '../../../config/paths.ts';
import { formatIsoDate } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { CREATE_STOCKTAKE_MESSAGES, useCreateStocktake } from '../api/create-stocktake.ts';

const SCOPE_OPTIONS = (Object.keys(STOCKTAKE_SCOPE_LABELS) as StocktakeScopeKind[]).map((value) => ({ value, label: STOCKTAKE_SCOPE_LABELS[value] }));

/**
 * 棚卸しを始める: a name, what to count (parts, products or both; parts with chosen tags; only what
 * was not counted since a day). The server snapshots the stock of every item in it, zero stock
 * included, and the counting screen opens.
 */
export function CreateStocktakeModal({ tags, onClose }: { tags: ReadonlyArray<Pick<Tag, 'id' | 'name' | 'color'>>; onClose: () => void }) {
  const formId = useId();
  const navigate = useNavigate();
  const create = useCreateStocktake();
  const [name, setName] = useState(() => `棚卸し ${formatIsoDate(new Date())}`);
  const [kind, setKind] = useState<StocktakeScopeKind>('all');
  const [tagIds, setTagIds] = useState<number[]>([]);
  const [notCountedSince, setNotCountedSince] = useState('');
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return setError('棚卸し名は必須です');
    setError(null);
    // Tags choose parts: a products-only stocktake takes none.
    const scope = {
      kind,
      ...(tagIds.length > 0 && kind !== 'products' ? { tag_ids: tagIds } : {}),
      ...(notCountedSince ? { not_counted_since: notCountedSince } : {}),
    };
    create.mutate(
      { name: name.trim(), scope },
      {
        onSuccess: (stocktake) => {
          notify.success(CREATE_STOCKTAKE_MESSAGES.success(stocktake.name, stocktake.line_count));
          onClose();
          void navigate(stocktakePath(stocktake.id));
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };

  return (
    <FormModal open onClose={onClose} title="棚卸しを始める" formId={formId} pending={create.isPending} submitLabel="始める" pendingLabel="準備中...">
      <form id={formId} onSubmit={handleSubmit} className="space-y-4" noValidate>
        <TextField label="棚卸し名" value={name} maxLength={STOCKTAKE_NAME_MAX} onChange={(event) => setName(event.target.value)} required />
        <SelectField label="対象" value={kind} options={SCOPE_OPTIONS} onChange={(event) => setKind(event.target.value as StocktakeScopeKind)} />
        {tags.length > 0 && kind !== 'products' ? (
          <fieldset>
            <legend className={FIELD_LABEL_CLASSES}>タグで絞り込み（部品のみ・いずれかのタグ）</legend>
            <div className="flex max-h-40 flex-wrap gap-2 overflow-y-auto">
              {tags.map((tag) => {
                const checked = tagIds.includes(tag.id);
                return (
                  <label
                    key={tag.id}
                    className="flex cursor-pointer items-center gap-2 rounded-full border border-gray-300 px-3 py-1.5 text-sm text-gray-800 has-checked:border-blue-600 has-checked:bg-blue-50 dark:border-gray-600 dark:text-gray-100 dark:has-checked:bg-blue-900/40"
                  >
                    <input
                      type="checkbox"
                      className="h-4 w-4"
                      checked={checked}
                      onChange={() => setTagIds((ids) => (checked ? ids.filter((id) => id !== tag.id) : [...ids, tag.id]))}
                    />
                    {tag.name}
                  </label>
                );
              })}
            </div>
          </fieldset>
        ) : null}
        <TextField
          label="この日以降に数えたものを除く（任意）"
          type="date"
          value={notCountedSince}
          onChange={(event) => setNotCountedSince(event.target.value)}
          hint="空欄ならすべて数えます。在庫数0の品目も含みます"
        />
        {error ? (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {error}
          </p>
        ) : null}
      </form>
    </FormModal>
  );
}
