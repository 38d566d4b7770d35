import type { PartListItem } from '@inventory/contracts/parts';
import { DEFAULT_UNIT_LABEL } from '@inventory/contracts/units';
import type { Product, RecipeLine } from '@inventory/contracts/products';
import clsx from 'clsx';
import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useMemo, useState } from 'react';
import { Button } from '../../../components/form/button.tsx';
import { FIELD_LABEL_CLASSES } from '../../../components/form/field.tsx';
import { ErrorBanner } from '../../../components/ui/error-banner.tsx';
import { FormModal } from '../../../components/ui/form-modal.tsx';
import { LoadingSpinner } from '../../../components/ui/loading-spinner.tsx';
import { PartSelector } from '../../../components/ui/part-selector.tsx';
import { SingleTagFilter } from '../../../components/ui/single-tag-filter.tsx';
import { notify } from '../../../lib/notify.ts';
import { useRecipe } from '../api/get-recipe.ts';
import { useRecipeParts } from '../api/get-recipe-parts.ts';
import { useRecipeTags } from '../api/get-recipe-tags.ts';
import { SET_RECIPE_MESSAGES, useSetRecipe } from '../api/set-recipe.ts';
import { checkRecipeDraft, newDraftLine, type RecipeDraftLine } from '../utils/recipe-draft.ts';

const QUANTITY_INPUT_CLASSES =
  'block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-base text-gray-900 shadow-sm focus:border-blue-500 focus:ring-2 focus:ring-blue-500/40 focus:outline-none sm:text-sm dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100';

// PartListItem, quantity, remove: one line per row from 640 px, a small card per row below.
const ROW_GRID = 'grid grid-cols-[1fr_auto] items-center gap-2 sm:grid-cols-[1fr_9rem_2.5rem]';

const toDraft = (lines: readonly RecipeLine[]) =>
  lines.length > 0 ? lines.map((line) => newDraftLine(line.part_id, String(line.quantity_required))) : [newDraftLine()];

function RecipeRow({
  line,
  index,
  parts,
  tagId,
  takenIds,
  unit,
  disabled,
  onChange,
  onRemove,
}: {
  line: RecipeDraftLine;
  index: number;
  parts: readonly PartListItem[];
  tagId: number | null;
  takenIds: ReadonlySet<number>;
  unit: string;
  disabled: boolean;
  onChange: (line: RecipeDraftLine) => void;
  onRemove: () => void;
}) {
  const row = index + 1;
  return (
    <li className={clsx(ROW_GRID, 'rounded-lg border border-gray-200 p-3 sm:border-0 sm:p-0 dark:border-gray-700')}>
      <p className="col-span-2 text-xs font-medium text-gray-500 sm:hidden dark:text-gray-400" aria-hidden="true">
        {row}行目
      </p>
      <div className="col-span-2 sm:col-span-1">
        <PartSelector
          label={`${row}行目の部品`}
          hideLabel
          parts={parts}
          value={line.partId}
          onChange={(partId) => onChange({ ...line, partId })}
          includeInactive
          tagId={tagId}
          excludeIds={takenIds}
          disabled={disabled}
        />
      </div>
      <div>
        <label htmlFor={`recipe-quantity-${line.key}`} className="sr-only">
          {`${row}行目の必要数量`}
        </label>
        <div className="flex items-center gap-1">
          <input
            id={`recipe-quantity-${line.key}`}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={line.quantity}
            disabled={disabled}
            onChange={(event) => onChange({ ...line, quantity: event.target.value })}
            className={QUANTITY_INPUT_CLASSES}
          />
          {/* At least two characters wide, so 個 and ml rows keep their inputs the same width. */}
          <span className="min-w-[2em] shrink-0 text-sm text-gray-500 dark:text-gray-400">{unit}</span>
        </div>
      </div>
      <Button variant="ghost" onClick={onRemove} disabled={disabled} aria-label={`${row}行目を削除`} className="px-2!">
        <Trash2 className="h-4 w-4" aria-hidden="true" />
      </Button>
    </li>
  );
}

/** The rows once the recipe and the parts have loaded; remounted per product so the draft starts from the saved recipe. */
function RecipeEditor({
  product,
  formId,
  recipe,
  parts,
  setRecipe,
  onClose,
}: {
  product: Product;
  formId: string;
  recipe: readonly RecipeLine[];
  parts: readonly PartListItem[];
  setRecipe: ReturnType<typeof useSetRecipe>;
  onClose: () => void;
}) {
  const tags = useRecipeTags();
  const [lines, setLines] = useState(() => toDraft(recipe));
  const [tagId, setTagId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const partsById = useMemo(() => new Map(parts.map((part) => [part.id, part])), [parts]);
  const pending = setRecipe.isPending;

  // Each row offers the parts no other row has chosen (the API refuses a part twice).
  const takenByOthers = useMemo(
    () => lines.map((line) => new Set(lines.flatMap((other) => (other !== line && other.partId !== null ? [other.partId] : [])))),
    [lines],
  );

  const updateLine = (next: RecipeDraftLine) => {
    setLines((current) => current.map((line) => (line.key === next.key ? next : line)));
    setError(null);
  };
  const removeLine = (key: number) => {
    setLines((current) => current.filter((line) => line.key !== key));
    setError(null);
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkRecipeDraft(lines);
    if (!check.ok) {
      setError(check.message);
      return;
    }
    setRecipe.mutate(
      { productId: product.id, body: check.body },
      {
        onSuccess: () => {
          notify.success(SET_RECIPE_MESSAGES.success(product.name));
          onClose();
        },
        onError: (failure) => notify.error(failure.message),
      },
    );
  };

  return (
    <form id={formId} onSubmit={handleSubmit} noValidate className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="w-full sm:w-60">
          <SingleTagFilter tags={tags.data ?? []} value={tagId} onChange={setTagId} label="部品をタグで絞り込み" disabled={pending} />
        </div>
        <p className="text-sm text-gray-600 dark:text-gray-400" aria-live="polite">
          全{lines.length}行
        </p>
      </div>
      <div className={clsx(ROW_GRID, 'hidden sm:grid')} aria-hidden="true">
        <span className={FIELD_LABEL_CLASSES}>部品</span>
        <span className={FIELD_LABEL_CLASSES}>必要数量</span>
      </div>
      <ul aria-label="レシピの部品" className="space-y-3 sm:-mt-2 sm:space-y-2">
        {lines.map((line, index) => {
          const part = line.partId === null ? undefined : partsById.get(line.partId);
          return (
            <RecipeRow
              key={line.key}
              line={line}
              index={index}
              parts={parts}
              tagId={tagId}
              takenIds={takenByOthers[index] ?? new Set()}
              unit={part?.unit ?? DEFAULT_UNIT_LABEL}
              disabled={pending}
              onChange={updateLine}
              onRemove={() => removeLine(line.key)}
            />
          );
        })}
      </ul>
      <Button
        variant="secondary"
        onClick={() => {
          setLines((current) => [...current, newDraftLine()]);
          setError(null);
        }}
        disabled={pending}
      >
        <Plus className="h-4 w-4" aria-hidden="true" />
        部品を追加
      </Button>
      <p className="text-xs text-gray-500 dark:text-gray-400">部品を選び、必要数量を1以上にした行だけが保存されます。</p>
      {error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </form>
  );
}

/** Recipe settings (レシピ設定): rows of part and required quantity. Mount it per product. */
export function RecipeModal({ product, onClose }: { product: Product; onClose: () => void }) {
  const formId = useId();
  const recipe = useRecipe(product.id);
  const parts = useRecipeParts();
  const setRecipe = useSetRecipe();

  let body: ReactNode;
  if (recipe.isPending || parts.isPending) {
    body = <LoadingSpinner label="レシピを読み込み中..." className="py-8" />;
  } else if (recipe.isError || parts.isError) {
    const failed = recipe.isError ? recipe : parts;
    body = <ErrorBanner message={failed.error?.message ?? ''} onRetry={() => void failed.refetch()} />;
  } else {
    body = (
      <RecipeEditor product={product} formId={formId} recipe={recipe.data} parts={parts.data} setRecipe={setRecipe} onClose={onClose} />
    );
  }

  return (
    <FormModal
      open
      onClose={onClose}
      title={`レシピ設定: ${product.name}`}
      size="lg"
      formId={formId}
      pending={setRecipe.isPending}
      submitDisabled={!recipe.isSuccess || !parts.isSuccess}
      submitLabel="保存"
      pendingLabel="保存中..."
    >
      {body}
    </FormModal>
  );
}
