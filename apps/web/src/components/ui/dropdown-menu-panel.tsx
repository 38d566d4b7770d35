import { Menu, MenuButton, MenuItem, MenuItems, MenuSeparator } from '@headlessui/react';
import clsx from 'clsx';
import type { ReactNode } from 'react';

export type DropdownMenuItem =
  | { label: string; onSelect: () => void; icon?: ReactNode; danger?: boolean; disabled?: boolean }
  | { separator: true };

export interface DropdownMenuProps {
  trigger: ReactNode;
  triggerLabel: string;
  items: DropdownMenuItem[];
  header?: ReactNode;
  align?: 'left' | 'right';
  /** Classes of the trigger button (the whole set: dropdown-menu.tsx adds its defaults). */
  triggerClassName?: string;
  menuClassName?: string;
}

/** The menu itself (Headless UI), loaded after the page's first paint by dropdown-menu.tsx. */
export function DropdownMenuPanel({
  trigger,
  triggerLabel,
  items,
  header,
  align = 'right',
  triggerClassName,
  menuClassName,
}: DropdownMenuProps) {
  return (
    <Menu>
      <MenuButton aria-label={triggerLabel} className={triggerClassName}>
        {trigger}
      </MenuButton>
      {/* The anchor shifts and narrows the menu to stay 8 px inside the viewport, even on a 375 px phone. */}
      <MenuItems
        anchor={{ to: align === 'right' ? 'bottom end' : 'bottom start', gap: 4, padding: 8 }}
        className={clsx(
          'z-50 min-w-44 rounded-lg border border-gray-200 bg-white py-1 shadow-lg focus:outline-none dark:border-gray-700 dark:bg-gray-800',
          menuClassName,
        )}
      >
        {header && (
          <div className="border-b border-gray-200 px-3 py-2 text-sm text-gray-700 dark:border-gray-700 dark:text-gray-200">
            {header}
          </div>
        )}
        {items.map((item, index) =>
          'separator' in item ? (
            <MenuSeparator key={`separator-${index}`} className="my-1 h-px bg-gray-200 dark:bg-gray-700" />
          ) : (
            <MenuItem
              key={item.label}
              as="button"
              type="button"
              disabled={item.disabled}
              onClick={item.onSelect}
              className={clsx(
                'flex w-full items-center gap-2 px-3 py-2 text-left text-sm data-disabled:cursor-not-allowed data-disabled:opacity-50',
                item.danger
                  ? 'text-red-600 data-focus:bg-red-50 dark:text-red-400 dark:data-focus:bg-red-950/50'
                  : 'text-gray-700 data-focus:bg-gray-100 dark:text-gray-200 dark:data-focus:bg-gray-700',
              )}
            >
              {item.icon && <span className="h-4 w-4 shrink-0" aria-hidden="true">{item.icon}</span>}
              <span className="truncate">{item.label}</span>
            </MenuItem>
          ),
        )}
      </MenuItems>
    </Menu>
  );
}
