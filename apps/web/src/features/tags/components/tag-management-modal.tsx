import { createTagBody, DEFAULT_TAG_COLOR, TAG_PALETTE, type Tag } from '@inventory/contracts/tags';
import clsx from 'clsx';
import { Check, Palette, Pencil, Trash2 } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, type ReactNode, useState } from 'react';
import { Button } from '../../../components/form/button.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { ErrorBanner } from '../../../components/ui/error-banner.tsx';
import { LoadingSpinner } from '../../../components/ui/loading-spinner.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useCreateTag } from '../api/create-tag.ts';
import { useDeleteTag } from '../api/delete-tag.ts';
import { useTags } from '../api/get-tags.ts';
import { useUpdateTag } from '../api/update-tag.ts';
import { TagBadge, tagTextColor } from './tag-badge.tsx';

const COLOR_NAMES: Record<(typeof TAG_PALETTE)[number], string> = {
  '#EF4444': '赤',
  '#F59E0B': '黄',
  '#10B981': '緑',
  '#3B82F6': '青',
  '#8B5CF6': '紫',
  '#EC4899': 'ピンク',
  '#6B7280': 'グレー',
  '#F97316': 'オレンジ',
  '#06B6D4': '水色',
  '#84CC16': '黄緑',
};

/** The palette colour at `seed` (0 ≤ seed < 1) among those no tag uses yet; the default colour when all are taken. */
export function suggestTagColor(tags: Pick<Tag, 'color'>[], seed: number): string {
  const used = new Set(tags.map((tag) => tag.color.toUpperCase()));
  const unused = TAG_PALETTE.filter((color) => !used.has(color));
  return unused[Math.floor(seed * unused.length)] ?? DEFAULT_TAG_COLOR;
}

/** Validates a name as the server will (trimmed, 1 to 50 characters) and answers its Japanese message. */
function tagNameError(name: string) {
  const result = createTagBody.shape.name.safeParse(name);
  return result.success ? undefined : result.error.issues[0]?.message;
}

// Failures of tag create, update and delete are logged only (no toast). The server's
// message is still shown next to the tag, or the user would not know why nothing changed.
function logTagFailure(action: string, error: Error) {
  console.warn(`タグの${action}に失敗しました`, error);
  return error.message;
}

export function TagManagementModal({ onClose }: { onClose: () => void }) {
  return (
    <Modal open onClose={onClose} title="タグ管理" size="md">
      <TagManagement />
    </Modal>
  );
}

function TagManagement() {
  const tags = useTags();
  if (tags.isPending) return <LoadingSpinner label="読み込み中..." />;
  if (tags.isError) return <ErrorBanner message={tags.error.message} onRetry={() => void tags.refetch()} />;

  return (
    <div className="space-y-6">
      <CreateTagForm tags={tags.data} />
      <section aria-labelledby="tag-list-heading">
        <h3 id="tag-list-heading" className="mb-2 text-sm font-semibold text-gray-700 dark:text-gray-200">
          タグ一覧 ({tags.data.length}個)
        </h3>
        {tags.data.length === 0 ? (
          <p className="rounded-md border border-dashed border-gray-300 px-4 py-6 text-center text-sm text-gray-500 dark:border-gray-700 dark:text-gray-400">
            タグはまだありません
          </p>
        ) : (
          <ul className="divide-y divide-gray-200 rounded-md border border-gray-200 dark:divide-gray-800 dark:border-gray-800">
            {tags.data.map((tag) => (
              <TagRow key={tag.id} tag={tag} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function ColorPalette({
  label,
  value,
  onSelect,
  disabled = false,
}: {
  label: string;
  value: string;
  onSelect: (color: string) => void;
  disabled?: boolean;
}) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap gap-2">
      {TAG_PALETTE.map((color) => {
        const selected = value.toUpperCase() === color;
        return (
          <button
            key={color}
            type="button"
            aria-label={`${COLOR_NAMES[color]} (${color})`}
            aria-pressed={selected}
            disabled={disabled}
            onClick={() => onSelect(color)}
            className={clsx(
              'flex h-8 w-8 items-center justify-center rounded-full ring-offset-2 ring-offset-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-500 disabled:cursor-not-allowed disabled:opacity-50 dark:ring-offset-gray-900',
              selected ? 'ring-2 ring-gray-900 dark:ring-gray-100' : 'ring-1 ring-black/10 dark:ring-white/20',
            )}
            style={{ backgroundColor: color }}
          >
            {selected && <Check className="h-4 w-4" style={{ color: tagTextColor(color) }} aria-hidden="true" />}
          </button>
        );
      })}
    </div>
  );
}

function CreateTagForm({ tags }: { tags: Tag[] }) {
  const createTag = useCreateTag();
  const [name, setName] = useState('');
  const [chosenColor, setChosenColor] = useState<string | null>(null);
  // Fixed per new tag, so the suggestion does not jump around while the user types.
  const [seed, setSeed] = useState(Math.random);
  const [serverError, setServerError] = useState<string | null>(null);

  const color = chosenColor ?? suggestTagColor(tags, seed);
  const trimmed = name.trim();
  const nameError = trimmed === '' ? undefined : tagNameError(trimmed);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (trimmed === '' || nameError || createTag.isPending) return;
    setServerError(null);
    createTag.mutate(
      { name: trimmed, color },
      {
        onSuccess: () => {
          setName('');
          setChosenColor(null);
          setSeed(Math.random());
        },
        onError: (error) => setServerError(logTagFailure('作成', error)),
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} aria-label="新しいタグ" className="space-y-3 rounded-md bg-gray-50 p-3 dark:bg-gray-800/50">
      <div className="flex items-end gap-2">
        <TextField
          label="タグ名"
          className="min-w-0 flex-1"
          value={name}
          error={nameError}
          placeholder="例: 電子部品"
          onChange={(event) => {
            setName(event.target.value);
            setServerError(null);
          }}
        />
        {/* Aligned with the input, not with its error line below. */}
        <Button type="submit" disabled={trimmed === '' || Boolean(nameError) || createTag.isPending} className={nameError ? 'mb-7' : undefined}>
          {createTag.isPending ? '作成中...' : '作成'}
        </Button>
      </div>
      <div>
        <p className="mb-1 text-sm font-medium text-gray-700 dark:text-gray-300">色</p>
        <ColorPalette label="新しいタグの色" value={color} onSelect={setChosenColor} />
      </div>
      {trimmed !== '' && !nameError && (
        <p className="flex items-center gap-2 text-sm text-gray-600 dark:text-gray-400">
          プレビュー: <TagBadge tag={{ name: trimmed, color }} size="md" />
        </p>
      )}
      {serverError && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {serverError}
        </p>
      )}
    </form>
  );
}

type RowMode = 'view' | 'rename' | 'recolor' | 'delete';

function TagRow({ tag }: { tag: Tag }) {
  const updateTag = useUpdateTag();
  const deleteTag = useDeleteTag();
  const [mode, setMode] = useState<RowMode>('view');
  const [draftName, setDraftName] = useState(tag.name);
  const [error, setError] = useState<string | null>(null);
  const busy = updateTag.isPending || deleteTag.isPending;

  const switchMode = (next: RowMode) => {
    setMode(next);
    setError(null);
    setDraftName(tag.name);
  };

  const trimmedDraft = draftName.trim();
  const draftError = tagNameError(trimmedDraft);

  const handleRename = (event: FormEvent) => {
    event.preventDefault();
    if (draftError || busy) return;
    if (trimmedDraft === tag.name) return switchMode('view');
    updateTag.mutate(
      { id: tag.id, body: { name: trimmedDraft } },
      { onSuccess: () => switchMode('view'), onError: (failure) => setError(logTagFailure('更新', failure)) },
    );
  };

  const handleRenameKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Escape') return;
    // Escape leaves the rename, not the whole modal.
    event.preventDefault();
    event.stopPropagation();
    switchMode('view');
  };

  const handleRecolor = (color: string) => {
    if (color === tag.color.toUpperCase()) return switchMode('view');
    updateTag.mutate(
      { id: tag.id, body: { color } },
      { onSuccess: () => switchMode('view'), onError: (failure) => setError(logTagFailure('更新', failure)) },
    );
  };

  const handleDelete = () => {
    const force = tag.part_count > 0;
    setError(null);
    deleteTag.mutate(
      { id: tag.id, force },
      // A refusal keeps the confirmation open: the list is fetched again, and if the tag turned out to
      // be in use the confirmation now offers the forced delete with the current part count.
      { onError: (failure) => setError(logTagFailure('削除', failure)) },
    );
  };

  return (
    <li className="px-3 py-2.5">
      {mode === 'rename' ? (
        <form onSubmit={handleRename} className="flex flex-wrap items-start gap-2">
          <div className="min-w-0 flex-1">
            <input
              aria-label={`「${tag.name}」の新しい名前`}
              aria-invalid={draftError ? true : undefined}
              value={draftName}
              autoFocus
              disabled={busy}
              onChange={(event) => {
                setDraftName(event.target.value);
                setError(null);
              }}
              onKeyDown={handleRenameKeyDown}
              className="block w-full rounded-md border border-gray-300 bg-white px-3 py-1.5 text-base text-gray-900 focus:border-blue-500 focus:ring-2 focus:ring-blue-500/40 focus:outline-none sm:text-sm dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100"
            />
            {draftError && <p className="mt-1 text-sm text-red-600 dark:text-red-400">{draftError}</p>}
          </div>
          <Button type="submit" className="px-3 py-1.5" disabled={Boolean(draftError) || busy}>
            {updateTag.isPending ? '保存中...' : '保存'}
          </Button>
          <Button variant="secondary" className="px-3 py-1.5" disabled={busy} onClick={() => switchMode('view')}>
            キャンセル
          </Button>
        </form>
      ) : (
        <div className="flex items-center gap-2">
          <div className="min-w-0 flex-1">
            <TagBadge tag={tag} size="md" />
            <p className="mt-0.5 text-xs text-gray-500 dark:text-gray-400">
              {tag.part_count > 0 ? `${tag.part_count}件の部品で使用中` : '未使用'}
            </p>
          </div>
          <RowIconButton label={`「${tag.name}」の名前を変更`} onClick={() => switchMode('rename')} disabled={busy}>
            <Pencil className="h-4 w-4" aria-hidden="true" />
          </RowIconButton>
          <RowIconButton
            label={`「${tag.name}」の色を変更`}
            onClick={() => switchMode(mode === 'recolor' ? 'view' : 'recolor')}
            disabled={busy}
            pressed={mode === 'recolor'}
          >
            <Palette className="h-4 w-4" aria-hidden="true" />
          </RowIconButton>
          <RowIconButton
            label={`「${tag.name}」を削除`}
            onClick={() => switchMode(mode === 'delete' ? 'view' : 'delete')}
            disabled={busy}
            pressed={mode === 'delete'}
            danger
          >
            <Trash2 className="h-4 w-4" aria-hidden="true" />
          </RowIconButton>
        </div>
      )}

      {mode === 'recolor' && (
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <ColorPalette label={`「${tag.name}」の色`} value={tag.color} onSelect={handleRecolor} disabled={busy} />
          <Button variant="ghost" className="px-3 py-1.5" onClick={() => switchMode('view')}>
            キャンセル
          </Button>
        </div>
      )}

      {mode === 'delete' && (
        <div
          role="group"
          aria-label={`「${tag.name}」の削除`}
          className="mt-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200"
        >
          {tag.part_count > 0 ? (
            <p>
              {`「${tag.name}」は${tag.part_count}件の部品で使用されています。強制削除すると、${tag.part_count}件の部品からこのタグが外れます。`}
            </p>
          ) : (
            <p>「{tag.name}」を削除しますか？</p>
          )}
          {error && (
            <p role="alert" className="mt-2 font-medium">
              {error}
            </p>
          )}
          <div className="mt-2 flex flex-wrap gap-2">
            <Button variant="danger" className="px-3 py-1.5" disabled={busy} onClick={handleDelete}>
              {deleteTag.isPending ? '削除中...' : tag.part_count > 0 ? `${tag.part_count}件の部品から外して強制削除` : '削除'}
            </Button>
            <Button variant="secondary" className="px-3 py-1.5" disabled={busy} onClick={() => switchMode('view')}>
              キャンセル
            </Button>
          </div>
        </div>
      )}

      {error && mode !== 'delete' && (
        <p role="alert" className="mt-2 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </li>
  );
}

function RowIconButton({
  label,
  onClick,
  disabled,
  pressed,
  danger = false,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled: boolean;
  pressed?: boolean;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      onClick={onClick}
      disabled={disabled}
      className={clsx(
        'rounded-md p-2 focus-visible:outline-2 focus-visible:outline-blue-500 disabled:cursor-not-allowed disabled:opacity-50',
        danger
          ? 'text-red-600 hover:bg-red-50 aria-pressed:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/50 dark:aria-pressed:bg-red-950/50'
          : 'text-gray-500 hover:bg-gray-100 hover:text-gray-700 aria-pressed:bg-gray-100 dark:text-gray-400 dark:hover:bg-gray-800 dark:hover:text-gray-200 dark:aria-pressed:bg-gray-800',
      )}
    >
      {children}
    </button>
  );
}
