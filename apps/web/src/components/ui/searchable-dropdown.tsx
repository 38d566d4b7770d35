import { useId } from 'react';
import { lazyComponent } from '../../lib/lazy-code.tsx';
import { dropdownInputClassName, dropdownLabelClassName, type SearchableDropdownProps } from './dropdown-input.ts';
import { ChevronUpDownIcon } from './icons.tsx';

export type { DropdownOption } from './dropdown-input.ts';

type AnyValueProps = SearchableDropdownProps<string | number>;

// The combobox (Headless UI with its positioning code, about 35 KB gzip) is what 製造計画 shows
// first, in its plan form: the screen draws a read-only look-alike until the combobox's code is here.
const Combobox = lazyComponent<AnyValueProps>(async () => (await import('./searchable-combobox.tsx')).SearchableCombobox, SearchableDropdownStandIn);

/** A text box with a filtered list of options (Headless UI's combobox); search over label and description in lib/search-text.ts's form. */
export function SearchableDropdown<V extends string | number>(props: SearchableDropdownProps<V>) {
  // The props go on unchanged to the combobox, which is generic in V too.
  return <Combobox {...(props as unknown as AnyValueProps)} />;
}

function SearchableDropdownStandIn({ label, options, value, placeholder, disabled, hideLabel = false, id }: AnyValueProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const selected = options.find((option) => option.value === value);
  return (
    <div>
      <label htmlFor={inputId} className={dropdownLabelClassName(hideLabel)}>
        {label}
      </label>
      <div className="relative">
        <input id={inputId} readOnly disabled={disabled} placeholder={placeholder} value={selected?.label ?? ''} className={dropdownInputClassName} />
        {/* Clicks pass through to the input, as they reach the combobox's button once it is here. */}
        <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 right-0 flex items-center px-2 text-gray-400 dark:text-gray-500">
          <ChevronUpDownIcon />
        </span>
      </div>
    </div>
  );
}
