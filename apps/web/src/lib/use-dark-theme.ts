import { useSyncExternalStore } from 'react';

// The theme switcher only toggles the "dark" class on <html> (lib/theme.ts): what draws its own
// colours (the toasts, the canvas of the sales chart) watches that class.
function subscribeToHtmlClass(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}

function isDarkClassSet() {
  return document.documentElement.classList.contains('dark');
}

/** Whether the page is in dark mode now. */
export function useDarkTheme(): boolean {
  return useSyncExternalStore(subscribeToHtmlClass, isDarkClassSet, () => false);
}
