import clsx from 'clsx';
import { lazyComponent } from '../../lib/lazy-code.tsx';
import type { DropdownMenuProps } from './dropdown-menu-panel.tsx';

export type { DropdownMenuItem, DropdownMenuProps } from './dropdown-menu-panel.tsx';

const dropdownTriggerClassName =
  'inline-flex items-center justify-center rounded-md p-1.5 text-gray-600 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-blue-500 dark:text-gray-300 dark:hover:bg-gray-800';

// The menus of the navigation bar (theme, user) show on every page, the login page included,
// and Headless UI with its positioning code is about 33 KB gzip: the page draws the trigger as a
// plain button until the menu's code is here.
const Menu = lazyComponent(async () => (await import('./dropdown-menu-panel.tsx')).DropdownMenuPanel, DropdownMenuStandIn);

/**
 * A button that opens a menu of actions. On each row of a long list and in the top bar, `mountOnUse`
 * keeps the stand-in until the menu is used (lib/lazy-code.tsx): a Headless UI menu costs a few
 * milliseconds to mount (measured on the products list: 500 menus took most of its render time; the
 * top bar's two menus mounting in the middle of 販売管理's phone load cost it about 100 ms).
 */
export function DropdownMenu({ triggerClassName, ...props }: DropdownMenuProps & { mountOnUse?: boolean }) {
  return <Menu {...props} triggerClassName={clsx(dropdownTriggerClassName, triggerClassName)} />;
}

function DropdownMenuStandIn({ trigger, triggerLabel, triggerClassName }: DropdownMenuProps) {
  return (
    <button type="button" aria-label={triggerLabel} aria-haspopup="menu" className={triggerClassName}>
      {trigger}
    </button>
  );
}
