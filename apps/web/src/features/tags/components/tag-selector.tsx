import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import { createTagBody, type Tag } from '@inventory/contracts/tags';
import { Plus } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { normaliseForSearch } from '../../../lib/search-text.ts';
import { useCreateTag } from '../api/create-tag.ts';
import { TagBadge } from './tag-badge.tsx';

export function TagSelector({
  tags,
  selectedIds,
  onChange,
  label = 'タグ',
  disabled = false,
}: {
  tags: Tag[];
  selectedIds: number[];
  onChange: (ids: number[]) => void;
  label?: string;
  disabled?: boolean;
}) {
  const inputId = useId();
  const [query, setQuery] = useState('');
  const createTag = useCreateTag();

  // A tag created inline is added to the selection as it is when the server answers, not as it was when asked.
  const latestSelectedIds = useRef(selectedIds);
  useEffect(() => {
    latestSelectedIds.current = selectedIds;
  }, [selectedIds]);

  const selectedTags = selectedIds.flatMap((id) => tags.find((tag) => tag.id === id) ?? []);
  const needle = normaliseForSearch(query.trim());
  const candidates = tags.filter(
    (tag) => !selectedIds.includes(tag.id) && (needle === '' || normaliseForSearch(tag.name).includes(needle)),
  );

  const name = query.trim();
  const parsedName = createTagBody.shape.name.safeParse(name);
  const nameError = name !== '' && !parsedName.success ? parsedName.error.issues[0]?.message : undefined;
  const canCreate = name !== '' && !nameError && !createTag.isPending && !disabled;

  const handleAdd = (tag: Tag) => {
    onChange([...selectedIds, tag.id]);
    setQuery('');
  };

  // Headless UI answers the whole chosen list; only additions come from it (chosen tags are not offered).
  const handlePick = (picked: Tag[]) => {
    const added = picked.find((tag) => !selectedIds.includes(tag.id));
    if (added) handleAdd(added);
  };

  const handleRemove = (id: number) => onChange(selectedIds.filter((selectedId) => selectedId !== id));

  const handleCreate = () => {
    if (!canCreate) return;
    // Typing the name of an existing tag (in any width, case or kana) picks that tag instead of making a near-duplicate.
    const existing = tags.find((tag) => normaliseForSearch(tag.name) === needle);
    if (existing) {
      if (selectedIds.includes(existing.id)) setQuery('');
      else handleAdd(existing);
      return;
    }
    // No colour: the server picks a palette colour no other tag uses yet.
    createTag.mutate(
      { name },
      {
        onSuccess: (created) => {
          onChange([...latestSelectedIds.current, created.id]);
          setQuery('');
        },
        // Inline tag creation failures are logged only; the typed name stays for another try.
        onError: (error) => console.warn('タグの作成に失敗しました', error),
      },
    );
  };

  // Enter on a highlighted result is Headless UI's (it picks the tag). Otherwise Enter creates the typed
  // tag, and never submits the surrounding form (the part form).
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.currentTarget.getAttribute('aria-activedescendant')) return;
    event.preventDefault();
    handleCreate();
  };

  return (
    <div>
      <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-gray-700 dark:text-gray-300">
        {label}
      </label>
      {selectedTags.length > 0 && (
        <ul aria-label="選択中のタグ" className="mb-2 flex flex-wrap gap-1.5">
          {selectedTags.map((tag) => (
            <li key={tag.id} className="max-w-full">
              <TagBadge tag={tag} size="md" onRemove={disabled ? undefined : () => handleRemove(tag.id)} />
            </li>
          ))}
        </ul>
      )}
      {/* Multiple: the list stays open after a pick, ready for the next tag. */}
      <Combobox multiple by="id" value={selectedTags} onChange={handlePick} disabled={disabled} immediate>
        <div className="flex gap-2">
          <ComboboxInput
            id={inputId}
            autoComplete="off"
            placeholder="タグを検索・新規作成"
            // The text is the search, kept in state: Headless UI writes displayValue back when the list closes.
            displayValue={() => query}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={handleKeyDown}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? `${inputId}-error` : undefined}
            className="block w-full min-w-0 rounded-md border border-gray-300 bg-white px-3 py-2 text-base text-gray-900 shadow-sm placeholder:text-gray-400 focus:border-blue-500 focus:ring-2 focus:ring-blue-500/40 focus:outline-none disabled:cursor-not-allowed disabled:bg-gray-100 disabled:text-gray-500 sm:text-sm dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100 dark:placeholder:text-gray-500 dark:disabled:bg-gray-800"
          />
          <button
            type="button"
            onClick={handleCreate}
            disabled={!canCreate}
            className="inline-flex shrink-0 items-center gap-1 rounded-md border border-gray-300 bg-white px-3 py-2 text-sm font-medium text-gray-800 hover:bg-gray-50 focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50 dark:border-gray-600 dark:bg-gray-800 dark:text-gray-100 dark:hover:bg-gray-700"
          >
            <Plus className="h-4 w-4" aria-hidden="true" />
            {createTag.isPending ? '作成中...' : '作成'}
          </button>
        </div>
        {nameError && (
          <p id={`${inputId}-error`} className="mt-1 text-sm text-red-600 dark:text-red-400">
            {nameError}
          </p>
        )}
        {/* Floating (portalled), so it never shifts the form; Headless UI's anchor reads the 176 px list height from this
            variable. Not modal: the chosen badges and the create button stay usable while the list is open. */}
        <ComboboxOptions
          modal={false}
          anchor={{ to: 'bottom start', gap: 4, padding: 8 }}
          className="z-50 w-(--input-width) min-w-56 overflow-y-auto [--anchor-max-height:176px] rounded-md border border-gray-200 bg-white py-1 text-sm shadow-lg empty:invisible dark:border-gray-700 dark:bg-gray-800"
        >
          {candidates.length === 0 ? (
            <div className="px-3 py-2 text-gray-500 dark:text-gray-400">
              {needle === '' ? '選択できるタグがありません' : '該当するタグがありません'}
            </div>
          ) : (
            candidates.map((tag) => (
              <ComboboxOption
                key={tag.id}
                value={tag}
                className="flex cursor-pointer items-center px-3 py-1.5 data-focus:bg-blue-50 dark:data-focus:bg-blue-900/40"
              >
                <TagBadge tag={tag} />
              </ComboboxOption>
            ))
          )}
        </ComboboxOptions>
      </Combobox>
    </div>
  );
}
