import { useCallback, useState } from 'react';
import { type SalesFilterErrors, sameSalesFilters, toSalesQuery } from '../utils/sales-filters.ts';
import { defaultSalesFilters, type SalesFilterValues, type SalesQuery } from '../utils/sales-query.ts';

interface FiltersState {
  values: SalesFilterValues;
  /** The last valid query: invalid values (an end before the start) keep the screen on it. */
  query: SalesQuery;
  errors: SalesFilterErrors | null;
  /** The defaults of the day the screen opened or was last reset, for the reset button's state. */
  defaults: SalesFilterValues;
}

function initialState(): FiltersState {
  const defaults = defaultSalesFilters();
  return { values: defaults, query: toSalesQuery(defaults).query ?? {}, errors: null, defaults };
}

/** The filter bar's values and the query they stand for; every valid change applies at once. */
export function useSalesFilters() {
  const [state, setState] = useState(initialState);

  const change = useCallback((values: SalesFilterValues) => {
    const result = toSalesQuery(values);
    setState((previous) =>
      result.query ? { ...previous, values, query: result.query, errors: null } : { ...previous, values, errors: result.errors },
    );
  }, []);

  // The defaults of today: a screen left open past midnight resets to the new day.
  const reset = useCallback(() => setState(initialState()), []);

  return {
    values: state.values,
    query: state.query,
    errors: state.errors,
    canReset: !sameSalesFilters(state.values, state.defaults),
    change,
    reset,
  };
}
