import { useEffect, useId, useState } from 'react';
import { codeAfterFirstPaint } from '../../lib/code-after-paint.ts';
import { dropdownInputClassName, dropdownLabelClassName, type SearchableDropdownProps } from './dropdown-input.ts';
import { ChevronUpDownIcon } from './icons.tsx';

export type { DropdownOption } from './dropdown-input.ts';

// The combobox (Headless UI with its positioning code, about 35 KB gzip) is what 製造計画 shows
// first, in its plan form: the screen draws a read-only look-alike and the combobox code arrives
// right after it, as the navigation menus do (initial JavaScript ≤ 200 KB).
const comboboxCode = codeAfterFirstPaint(async () => (await import('./searchable-combobox.tsx')).SearchableCombobox);

/** A text box with a filtered list of options (Headless UI's combobox); search over label and description in lib/search-text.ts's form. */
export function SearchableDropdown<V extends string | number>(props: SearchableDropdownProps<V>) {
  const [Combobox, setCombobox] = useState(comboboxCode.current);
  useEffect(() => comboboxCode.fetchInto(Combobox, (code) => setCombobox(() => code)), [Combobox]);
  // Whoever had already reached the look-alike keeps the focus in the real input.
  const [standInFocused, setStandInFocused] = useState(false);
  // And a click on it opens the real list when it arrives.
  const [standInClicked, setStandInClicked] = useState(false);
  const generatedId = useId();

  if (Combobox) return <Combobox {...props} autoFocus={standInFocused} openOnMount={standInClicked} />;
  const inputId = props.id ?? generatedId;
  const selected = props.options.find((option) => option.value === props.value);
  return (
    <div>
      <label htmlFor={inputId} className={dropdownLabelClassName(props.hideLabel ?? false)}>
        {props.label}
      </label>
      <div className="relative">
        <input
          id={inputId}
          readOnly
          onFocus={() => setStandInFocused(true)}
          onBlur={() => setStandInFocused(false)}
          onClick={() => setStandInClicked(true)}
          disabled={props.disabled}
          placeholder={props.placeholder}
          value={selected?.label ?? ''}
          className={dropdownInputClassName}
        />
        <span aria-hidden="true" className="absolute inset-y-0 right-0 flex items-center px-2 text-gray-400 dark:text-gray-500">
          <ChevronUpDownIcon />
        </span>
      </div>
    </div>
  );
}
