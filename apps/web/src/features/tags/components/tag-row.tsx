import type { Tag } from '@inventory/contracts/tags';
import clsx from 'clsx';
import { Palette, Pencil, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '../../../components/form/button.tsx';
import { useDeleteTag } from '../api/delete-tag.ts';
import { useUpdateTag } from '../api/update-tag.ts';
import { logTagFailure } from '../utils/log-tag-failure.ts';
import { TagBadge } from './tag-badge.tsx';
import { TagColorPalette } from './tag-color-palette.tsx';
import { TagDeleteConfirmation } from './tag-delete-confirmation.tsx';
import { TagRenameForm } from './tag-rename-form.tsx';

type RowMode = 'view' | 'rename' | 'recolor' | 'delete';

/** One tag of タグ管理's list: its badge and use, and in place its rename, its colour and its delete. */
export function TagRow({ tag }: { tag: Tag }) {
  const updateTag = useUpdateTag();
  const deleteTag = useDeleteTag();
  const [mode, setMode] = useState<RowMode>('view');
  const [error, setError] = useState<string | null>(null);
  const busy = updateTag.isPending || deleteTag.isPending;

  const switchMode = (next: RowMode) => {
    setMode(next);
    setError(null);
  };

  const handleRename = (name: string) => {
    if (name === tag.name) return switchMode('view');
    updateTag.mutate(
      { id: tag.id, body: { name } },
      { onSuccess: () => switchMode('view'), onError: (failure) => setError(logTagFailure('更新', failure)) },
    );
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
        <TagRenameForm
          tag={tag}
          saving={updateTag.isPending}
          disabled={busy}
          onRename={handleRename}
          onEdit={() => setError(null)}
          onCancel={() => switchMode('view')}
        />
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
          <TagColorPalette label={`「${tag.name}」の色`} value={tag.color} onSelect={handleRecolor} disabled={busy} />
          <Button variant="ghost" className="px-3 py-1.5" onClick={() => switchMode('view')}>
            キャンセル
          </Button>
        </div>
      )}

      {mode === 'delete' && (
        <TagDeleteConfirmation
          tag={tag}
          error={error}
          deleting={deleteTag.isPending}
          disabled={busy}
          onDelete={handleDelete}
          onCancel={() => switchMode('view')}
        />
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
