import { useEffect, useId, useRef, useState } from 'react';
import { dropdownInputClassName, dropdownLabelClassName, type SearchableDropdownProps } from './dropdown-input.ts';
import { ChevronUpDownIcon } from './icons.tsx';
import type { SearchableCombobox } from './searchable-combobox.tsx';

export type { DropdownOption } from './dropdown-input.ts';

// The combobox (Headless UI with its positioning code, about 35 KB gzip) is what 製造計画 shows
// first, in its plan form: the screen draws a read-only look-alike and the combobox code arrives
// right after it, as the navigation menus do (DESIGN.md: initial JavaScript ≤ 200 KB).
let LoadedCombobox: typeof SearchableCombobox | undefined;
let loading: Promise<typeof SearchableCombobox> | undefined;

/** Loads the combobox code once; tests call it before rendering so the combobox is there at once. */
export function loadSearchableDropdown(): Promise<typeof SearchableCombobox> {
  loading ??= import('./searchable-combobox.tsx').then((module) => (LoadedCombobox = module.SearchableCombobox));
  return loading;
}

/** A text box with a filtered list of options (Headless UI's combobox); NFKC search over label and description. */
export function SearchableDropdown<V extends string | number>(props: SearchableDropdownProps<V>) {
  const [Combobox, setCombobox] = useState(() => LoadedCombobox);
  const [focusOnMount, setFocusOnMount] = useState(false);
  const standIn = useRef<HTMLInputElement>(null);
  const generatedId = useId();

  useEffect(() => {
    if (Combobox) return;
    let active = true;
    void loadSearchableDropdown().then((loaded) => {
      if (!active) return;
      // Whoever had already reached the look-alike keeps the focus in the real input.
      setFocusOnMount(document.activeElement !== null && document.activeElement === standIn.current);
      setCombobox(() => loaded);
    });
    return () => {
      active = false;
    };
  }, [Combobox]);

  if (Combobox) return <Combobox {...props} autoFocus={focusOnMount} />;
  const inputId = props.id ?? generatedId;
  const selected = props.options.find((option) => option.value === props.value);
  return (
    <div>
      <label htmlFor={inputId} className={dropdownLabelClassName(props.hideLabel ?? false)}>
        {props.label}
      </label>
      <div className="relative">
        <input
          ref={standIn}
          id={inputId}
          readOnly
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
