import type { Tag } from '@inventory/contracts/tags';
import { type FormEvent, type KeyboardEvent, useState } from 'react';
import { Button } from '../../../components/form/button.tsx';
import { tagNameError } from '../utils/tag-name-error.ts';

/** A tag row's name in place, as a small form: 保存 sends a valid new name, キャンセル and Escape leave it. */
export function TagRenameForm({
  tag,
  saving,
  disabled,
  onRename,
  onEdit,
  onCancel,
}: {
  tag: Tag;
  /** The new name is on its way. */
  saving: boolean;
  disabled: boolean;
  /** Called with the trimmed, valid name. */
  onRename: (name: string) => void;
  /** The user typed: an earlier failure no longer applies. */
  onEdit: () => void;
  onCancel: () => void;
}) {
  const [draftName, setDraftName] = useState(tag.name);
  const trimmedDraft = draftName.trim();
  const draftError = tagNameError(trimmedDraft);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (draftError || disabled) return;
    onRename(trimmedDraft);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Escape') return;
    // Escape leaves the rename, not the whole modal.
    event.preventDefault();
    event.stopPropagation();
    onCancel();
  };

  return (
    <form onSubmit={handleSubmit} className="flex flex-wrap items-start gap-2">
      <div className="min-w-0 flex-1">
        <input
          aria-label={`「${tag.name}」の新しい名前`}
          aria-invalid={draftError ? true : undefined}
          value={draftName}
          autoFocus
          disabled={disabled}
          onChange={(event) => {
            setDraftName(event.target.value);
            onEdit();
          }}
          onKeyDown={handleKeyDown}
          className="block w-full rounded-md border border-gray-300 bg-white px-3 py-1.5 text-base text-gray-900 focus:border-blue-500 focus:ring-2 focus:ring-blue-500/40 focus:outline-none sm:text-sm dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100"
        />
        {draftError && <p className="mt-1 text-sm text-red-600 dark:text-red-400">{draftError}</p>}
      </div>
      <Button type="submit" className="px-3 py-1.5" disabled={Boolean(draftError) || disabled}>
        {saving ? '保存中...' : '保存'}
      </Button>
      <Button variant="secondary" className="px-3 py-1.5" disabled={disabled} onClick={onCancel}>
        キャンセル
      </Button>
    </form>
  );
}
