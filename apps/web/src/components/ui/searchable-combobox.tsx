import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import { useId, useRef, useState } from 'react';
import { formatCount } from '../../lib/format.ts';
import { normaliseForSearch } from '../../lib/search-text.ts';
import { ChevronUpDownIcon } from './icons.tsx';
import { dropdownInputClassName, dropdownLabelClassName, type SearchableDropdownProps } from './dropdown-input.ts';

/** SearchableDropdown once its code is here (searchable-dropdown.tsx): Headless UI's combobox. */
export function SearchableCombobox<V extends string | number>({
  label,
  options,
  value,
  onChange,
  placeholder,
  emptyText = '該当する項目がありません',
  disabled = false,
  hideLabel = false,
  id,
  maxOptions,
}: SearchableDropdownProps<V>) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const [query, setQuery] = useState('');
  // Headless UI opens the list on typing and on its button only; a click anywhere in the field
  // opens it too (through the button, which also keeps the focus in the input).
  const buttonRef = useRef<HTMLButtonElement>(null);
  // Headless UI's Tab picks the highlighted option, which after the user emptied the text is the old
  // value (it sets null on the emptying itself); leaving an emptied input must keep nothing chosen.
  const tabbingFromEmptyInput = useRef(false);
  const handleChange = (next: V | null) => {
    onChange(tabbingFromEmptyInput.current ? null : next);
  };

  const needle = normaliseForSearch(query.trim());
  const filtered = needle
    ? options.filter((option) =>
        normaliseForSearch(`${option.label} ${option.description ?? ''}`).includes(needle),
      )
    : options;
  const shown = maxOptions !== undefined && filtered.length > maxOptions ? filtered.slice(0, maxOptions) : filtered;
  const hidden = filtered.length - shown.length;

  return (
    <div>
      <label htmlFor={inputId} className={dropdownLabelClassName(hideLabel)}>
        {label}
      </label>
      <Combobox value={value} onChange={handleChange} onClose={() => setQuery('')} disabled={disabled}>
        {({ open }) => (
          <>
            <div className="relative">
              <ComboboxInput
                id={inputId}
                placeholder={placeholder}
                displayValue={(selected: V | null) => options.find((option) => option.value === selected)?.label ?? ''}
                onChange={(event) => setQuery(event.target.value)}
                onKeyDown={(event) => {
                  tabbingFromEmptyInput.current = event.key === 'Tab' && event.currentTarget.value === '';
                }}
                onBlur={() => {
                  tabbingFromEmptyInput.current = false;
                }}
                onClick={() => {
                  if (!open) buttonRef.current?.click();
                }}
                className={dropdownInputClassName}
              />
              <ComboboxButton
                ref={buttonRef}
                aria-label="候補を表示"
                className="absolute inset-y-0 right-0 flex items-center px-2 text-gray-400 dark:text-gray-500"
              >
                <ChevronUpDownIcon />
              </ComboboxButton>
            </div>
            {/* Headless UI's anchor writes max-height inline from this variable, so a max-h class would be ignored.
                Not modal: the page stays usable while the list is open, so a click on the next field
                closes the list and reaches that field instead of being spent on closing. */}
            <ComboboxOptions
              modal={false}
              anchor={{ to: 'bottom start', gap: 4 }}
              className="z-50 w-(--input-width) overflow-y-auto [--anchor-max-height:176px] rounded-md border border-gray-200 bg-white py-1 text-sm shadow-lg dark:border-gray-700 dark:bg-gray-800"
            >
              {filtered.length === 0 ? (
                <div className="px-3 py-2 text-gray-500 dark:text-gray-400">{emptyText}</div>
              ) : (
                shown.map((option) => (
                  <ComboboxOption
                    key={option.value}
                    value={option.value}
                    className="cursor-pointer px-3 py-2 text-gray-900 data-focus:bg-blue-50 data-selected:font-semibold dark:text-gray-100 dark:data-focus:bg-blue-900/40"
                  >
                    {option.badge ? (
                      <div className="flex items-center gap-2">
                        <span className="min-w-0 flex-1 truncate">{option.label}</span>
                        {option.badge}
                      </div>
                    ) : (
                      <div className="truncate">{option.label}</div>
                    )}
                    {option.description && (
                      <div className="truncate text-xs text-gray-500 dark:text-gray-400">{option.description}</div>
                    )}
                  </ComboboxOption>
                ))
              )}
              {hidden > 0 && (
                <div className="px-3 py-2 text-xs text-gray-500 dark:text-gray-400">ほか{formatCount(hidden)}件（入力して絞り込んでください）</div>
              )}
            </ComboboxOptions>
          </>
        )}
      </Combobox>
    </div>
  );
}
