import clsx from 'clsx';
import type { ReactNode } from 'react';

// What SearchableDropdown and the combobox it loads share: props and the input's look.

export interface DropdownOption<V> {
  value: V;
  label: string;
  description?: string;
  /** Shown after the label (e.g. a stock warning); not searched. */
  badge?: ReactNode;
}

export interface SearchableDropdownProps<V> {
  label: string;
  options: DropdownOption<V>[];
  value: V | null;
  onChange: (value: V | null) => void;
  placeholder?: string;
  emptyText?: string;
  disabled?: boolean;
  hideLabel?: boolean;
  id?: string;
  /** Shows at most this many matches (a list of thousands costs seconds to open); the rest wait for a narrower search. */
  maxOptions?: number;
}

export const dropdownInputClassName =
  'w-full rounded-md border border-gray-300 bg-white py-2 pr-9 pl-3 text-sm text-gray-900 placeholder:text-gray-400 focus:border-blue-500 focus:ring-2 focus:ring-blue-500/30 focus:outline-none disabled:cursor-not-allowed disabled:bg-gray-100 disabled:text-gray-500 dark:border-gray-600 dark:bg-gray-800 dark:text-gray-100 dark:placeholder:text-gray-500 dark:disabled:bg-gray-900';

export const dropdownLabelClassName = (hideLabel: boolean) =>
  clsx(hideLabel ? 'sr-only' : 'mb-1 block text-sm font-medium text-gray-700 dark:text-gray-200');
