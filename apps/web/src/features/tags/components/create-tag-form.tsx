import { DEFAULT_TAG_COLOR, TAG_PALETTE, type Tag } from '@inventory/contracts/tags';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/form/button.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { useCreateTag } from '../api/create-tag.ts';
import { logTagFailure } from '../utils/log-tag-failure.ts';
import { tagNameError } from '../utils/tag-name-error.ts';
import { TagBadge } from './tag-badge.tsx';
import { TagColorPalette } from './tag-color-palette.tsx';

/** The palette colour at `seed` (0 ≤ seed < 1) among those no tag uses yet; the default colour when all are taken. */
export function suggestTagColor(tags: Pick<Tag, 'color'>[], seed: number): string {
  const used = new Set(tags.map((tag) => tag.color.toUpperCase()));
  const unused = TAG_PALETTE.filter((color) => !used.has(color));
  return unused[Math.floor(seed * unused.length)] ?? DEFAULT_TAG_COLOR;
}

/** タグ管理's form for a new tag: name, colour (an unused one suggested) and a preview. */
export function CreateTagForm({ tags }: { tags: Tag[] }) {
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
        <TagColorPalette label="新しいタグの色" value={color} onSelect={setChosenColor} />
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
