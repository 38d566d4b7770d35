import { useCallback, useSyncExternalStore } from 'react';

/** Breakpoints: mobile under 768 px gets cards instead of tables. */
export const DESKTOP_TABLE_QUERY = '(min-width: 768px)';

export function useMediaQuery(query: string) {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches, () => false);
}
