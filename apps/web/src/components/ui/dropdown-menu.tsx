import clsx from 'clsx';
import { useEffect, useState } from 'react';
import { codeAfterFirstPaint } from '../../lib/code-after-paint.ts';
import type { DropdownMenuProps } from './dropdown-menu-panel.tsx';

export type { DropdownMenuItem, DropdownMenuProps } from './dropdown-menu-panel.tsx';

/** The look of a menu trigger; a look-alike standing in for one (parts rows) uses it too. */
export const dropdownTriggerClassName =
  'inline-flex items-center justify-center rounded-md p-1.5 text-gray-600 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-blue-500 dark:text-gray-300 dark:hover:bg-gray-800';

// The menus of the navigation bar (theme, user) show on every page, the login page included,
// and Headless UI with its positioning code is about 33 KB gzip: the first page draws a plain
// trigger and the menu code arrives right after it (initial JavaScript ≤ 200 KB).
const menuCode = codeAfterFirstPaint(async () => (await import('./dropdown-menu-panel.tsx')).DropdownMenuPanel);

export function DropdownMenu({
  mountOnUse = false,
  ...props
}: DropdownMenuProps & {
  /**
   * Draw the stand-in trigger until the menu is used: a click (or tap) mounts the menu and opens
   * it, keyboard focus mounts it and moves the focus on. A Headless UI menu costs a few
   * milliseconds to mount, which a list with a menu on each of hundreds of rows feels (measured on
   * the products list: 500 menus took most of its render time). Nothing is swapped on hover: an
   * element replaced between a press and its release would swallow the click.
   */
  mountOnUse?: boolean;
}) {
  const [Panel, setPanel] = useState(menuCode.current);
  useEffect(() => menuCode.fetchInto(Panel, (code) => setPanel(() => code)), [Panel]);
  const [clickedEarly, setClickedEarly] = useState(false);
  const [inUse, setInUse] = useState(!mountOnUse);
  const [focusedEarly, setFocusedEarly] = useState(false);

  const triggerClassName = clsx(dropdownTriggerClassName, props.triggerClassName);
  if (Panel && inUse) return <Panel {...props} triggerClassName={triggerClassName} openOnMount={clickedEarly} focusOnMount={focusedEarly} />;
  return (
    <button
      type="button"
      aria-label={props.triggerLabel}
      aria-haspopup="menu"
      className={triggerClassName}
      onClick={() => {
        setClickedEarly(true);
        setInUse(true);
      }}
      onFocus={(event) => {
        // Keyboard focus only: a tap focuses too, and its click must still reach this button.
        if (!mountOnUse || !event.currentTarget.matches(':focus-visible')) return;
        setFocusedEarly(true);
        setInUse(true);
      }}
    >
      {props.trigger}
    </button>
  );
}
