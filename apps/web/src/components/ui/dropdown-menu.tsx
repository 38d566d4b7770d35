import clsx from 'clsx';
import { useEffect, useState } from 'react';
import type { DropdownMenuPanel, DropdownMenuProps } from './dropdown-menu-panel.tsx';

export type { DropdownMenuItem, DropdownMenuProps } from './dropdown-menu-panel.tsx';

/** The look of a menu trigger; a look-alike standing in for one (parts rows) uses it too. */
export const dropdownTriggerClassName =
  'inline-flex items-center justify-center rounded-md p-1.5 text-gray-600 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-blue-500 dark:text-gray-300 dark:hover:bg-gray-800';

// The menus of the navigation bar (theme, user) show on every page, the login page included,
// and Headless UI with its positioning code is about 33 KB gzip: the first page draws a plain
// trigger and the menu code arrives right after it (DESIGN.md: initial JavaScript ≤ 200 KB).
let LoadedPanel: typeof DropdownMenuPanel | undefined;
let loading: Promise<typeof DropdownMenuPanel> | undefined;

/** Loads the menu code once; tests call it before rendering so menus open at once. */
export function loadDropdownMenu(): Promise<typeof DropdownMenuPanel> {
  loading ??= import('./dropdown-menu-panel.tsx').then((module) => (LoadedPanel = module.DropdownMenuPanel));
  return loading;
}

export function DropdownMenu(props: DropdownMenuProps) {
  const [Panel, setPanel] = useState(() => LoadedPanel);
  const [clickedEarly, setClickedEarly] = useState(false);

  useEffect(() => {
    if (Panel) return;
    let active = true;
    void loadDropdownMenu().then((loaded) => {
      if (active) setPanel(() => loaded);
    });
    return () => {
      active = false;
    };
  }, [Panel]);

  const triggerClassName = clsx(dropdownTriggerClassName, props.triggerClassName);
  if (Panel) return <Panel {...props} triggerClassName={triggerClassName} openOnMount={clickedEarly} />;
  return (
    <button
      type="button"
      aria-label={props.triggerLabel}
      aria-haspopup="menu"
      className={triggerClassName}
      onClick={() => setClickedEarly(true)}
    >
      {props.trigger}
    </button>
  );
}
