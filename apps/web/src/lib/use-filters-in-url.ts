import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

/** How a screen's filters read from and write to the URL's search parameters. */
export interface FiltersInUrl<Filters> {
  parse: (params: URLSearchParams) => Filters;
  /** Only what differs from the defaults, so an unfiltered list has a bare URL. */
  serialise: (filters: Filters) => URLSearchParams;
}

/**
 * A list screen's filters, kept in the URL (config/paths.ts names the parameters): back, forward
 * and reload keep them, and a link opens the list already filtered. The screen holds them as
 * state, so typing in a search box stays immediate while the router's URL update (a React
 * transition) follows; a URL the screen did not write itself (a link, the navigation bar)
 * replaces them. A change replaces the history entry instead of adding one, so back leaves the screen.
 */
export function useFiltersInUrl<Filters>(codec: FiltersInUrl<Filters>) {
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  const [filters, setFilters] = useState(() => codec.parse(params));
  const shownQuery = useRef(query);
  // Queries written here that the router has not shown yet, oldest first.
  const written = useRef<string[]>([]);

  useEffect(() => {
    if (query === shownQuery.current) return;
    shownQuery.current = query;
    const index = written.current.indexOf(query);
    if (index >= 0) {
      written.current = written.current.slice(index + 1);
      return;
    }
    written.current = [];
    setFilters(codec.parse(new URLSearchParams(query)));
  }, [query, codec]);

  const changeFilters = useCallback(
    (next: Filters) => {
      setFilters(next);
      const nextParams = codec.serialise(next);
      written.current.push(nextParams.toString());
      setParams(nextParams, { replace: true });
    },
    [codec, setParams],
  );
  return [filters, changeFilters] as const;
}
