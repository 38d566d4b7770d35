import { useSyncExternalStore } from 'react';
import { Toaster as SonnerToaster } from 'sonner';

function subscribeToHtmlClass(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}

function isDarkClassSet() {
  return document.documentElement.classList.contains('dark');
}

// Top centre, just below the 56 px navigation bar: in a corner the toasts covered the user menu,
// the theme toggle and the mobile menu button for their 5-8 seconds.
const BELOW_TOP_NAV = { top: 64 };

export function Toaster() {
  // The theme switcher only toggles the class on <html>, so the toaster watches that class.
  const dark = useSyncExternalStore(subscribeToHtmlClass, isDarkClassSet, () => false);
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
