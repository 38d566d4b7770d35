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

export function Toaster() {
  // The theme switcher only toggles the class on <html>, so the toaster watches that class.
  const dark = useSyncExternalStore(subscribeToHtmlClass, isDarkClassSet, () => false);
  return (
    <SonnerToaster
      position="top-right"
      richColors
      closeButton
      theme={dark ? 'dark' : 'light'}
      containerAriaLabel="通知"
      toastOptions={{ closeButtonAriaLabel: '閉じる' }}
    />
  );
}
