import { Toaster as SonnerToaster } from 'sonner';
import { useDarkTheme } from '../../lib/use-dark-theme.ts';

// Top centre, just below the 56 px navigation bar: in a corner the toasts covered the user menu,
// the theme toggle and the mobile menu button for their 5-8 seconds. A bar shown right under the
// navigation (the e-mail verification bar) pushes them down by its height while it is there, so a
// toast (its own resend toast too) never covers its buttons.
const BAR_HEIGHT = '--toasts-below-bar';
const BELOW_TOP_NAV = { top: `calc(64px + var(${BAR_HEIGHT}, 0px))` };

/**
 * Ref callback of a bar right under the navigation: the toasts stay below it while it is on the
 * page, whatever height its text wraps to.
 */
export function keepToastsBelow(bar: HTMLElement | null) {
  if (!bar) return;
  const root = document.documentElement.style;
  const update = () => root.setProperty(BAR_HEIGHT, `${bar.offsetHeight}px`);
  update();
  const observer = new ResizeObserver(update);
  observer.observe(bar);
  return () => {
    observer.disconnect();
    root.removeProperty(BAR_HEIGHT);
  };
}

export function Toaster() {
  const dark = useDarkTheme();
  return (
    <SonnerToaster
      position="top-center"
      offset={BELOW_TOP_NAV}
      mobileOffset={BELOW_TOP_NAV}
      richColors
      closeButton
      theme={dark ? 'dark' : 'light'}
      containerAriaLabel="通知"
      toastOptions={{ closeButtonAriaLabel: '閉じる' }}
    />
  );
}
