import { apiPaths } from '@inventory/contracts/api-paths';
import type { Valuation, ValuationMethod } from '@inventory/contracts/valuation';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const VALUATION_FETCH_FAILED_MESSAGE = '在庫評価の取得に失敗しました';

export const valuationQuery = (date: string, method: ValuationMethod) => new URLSearchParams({ date, method }).toString();

export const getValuation = (date: string, method: ValuationMethod) =>
  apiRequest<Valuation>(`${apiPaths.inventory.valuation}?${valuationQuery(date, method)}`, { fallbackMessage: VALUATION_FETCH_FAILED_MESSAGE });

export const valuationQueryOptions = (date: string, method: ValuationMethod) =>
  queryOptions({ queryKey: queryKeys.valuation.report(date, method), queryFn: () => getValuation(date, method), placeholderData: keepPreviousData });

export function useValuation(date: string | null, method: ValuationMethod) {
  return useQuery({ ...valuationQueryOptions(date ?? '', method), enabled: date !== null });
}
