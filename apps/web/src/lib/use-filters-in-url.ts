import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

/** How a screen's filters read from and write to the URL's search parameters. */
export interface FiltersInUrl<Filters> {
  parse: (params: URLSearchParams) => Filters;
  /** Only what differs from the defaults, so an unfiltered list has a bare URL. */
  serialise: (filters: Filters) => URLSearchParams;
  /** The filter typed in a search box: a change of it alone reaches the URL once typing pauses. */
  typed?: keyof Filters;
}

/** Quiet time after a keystroke before the search reaches the URL. */
export const TYPED_FILTER_URL_DELAY_MS = 300;

/**
 * A list screen's filters, kept in the URL (config/paths.ts names the parameters): back, forward
 * and reload keep them, and a link opens the list already filtered. The screen holds them as
 * state, so typing in a search box stays immediate; the URL follows once typing pauses, because
 * every URL write is a router navigation that renders the screen again (measured in the screens
 * bench: a phone with the CPU slowed 4× spent it in each keystroke). Any other change (a select,
 * クリア) writes the URL at once. A URL the screen did not write itself (a link, the navigation
 * bar) replaces the filters. A change replaces the history entry instead of adding one, so back
 * leaves the screen. Like setState, the setter also takes a function of the latest filters, so a
 * memoised handler can change one filter without holding on to the others.
 */
export function useFiltersInUrl<Filters>(codec: FiltersInUrl<Filters>) {
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  const [filters, setFilters] = useState(() => codec.parse(params));
  const latest = useRef(filters);
  const shownQuery = useRef(query);
  // Queries written here that the router has not shown yet, oldest first.
  const written = useRef<string[]>([]);
  const pendingWrite = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const cancelPendingWrite = useCallback(() => {
    clearTimeout(pendingWrite.current);
    pendingWrite.current = undefined;
  }, []);

  useEffect(() => {
    if (query === shownQuery.current) return;
    shownQuery.current = query;
    const index = written.current.indexOf(query);
    if (index >= 0) {
      written.current = written.current.slice(index + 1);
      return;
    }
    written.current = [];
    cancelPendingWrite();
    const next = codec.parse(new URLSearchParams(query));
    latest.current = next;
    setFilters(next);
  }, [query, codec, cancelPendingWrite]);

  // Leaving the screen drops a search not yet written: writing it then would navigate back.
  useEffect(() => cancelPendingWrite, [cancelPendingWrite]);

  const changeFilters = useCallback(
    (change: Filters | ((current: Filters) => Filters)) => {
      const previous = latest.current;
      const next = typeof change === 'function' ? (change as (current: Filters) => Filters)(previous) : change;
      latest.current = next;
      setFilters(next);
      const write = () => {
        pendingWrite.current = undefined;
        const nextParams = codec.serialise(latest.current);
        const nextQuery = nextParams.toString();
        // Typed and typed away again: the URL already says it.
        if (nextQuery === (written.current.at(-1) ?? shownQuery.current)) return;
        written.current.push(nextQuery);
        setParams(nextParams, { replace: true });
      };
      cancelPendingWrite();
      const onlyTyped =
        codec.typed !== undefined && codec.serialise({ ...next, [codec.typed]: previous[codec.typed] }).toString() === codec.serialise(previous).toString();
      if (onlyTyped) pendingWrite.current = setTimeout(write, TYPED_FILTER_URL_DELAY_MS);
      else write();
    },
    [codec, setParams, cancelPendingWrite],
  );
  return [filters, changeFilters] as const;
}
