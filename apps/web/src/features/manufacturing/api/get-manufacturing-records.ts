import { apiPaths } from '@inventory/contracts/api-paths';
import type { ManufacturingRecord } from '@inventory/contracts/manufacturing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const RECORDS_FETCH_FAILED_MESSAGE = '製造記録の取得に失敗しました';

/** The most recent records (the server's default page of 100). */
export const getManufacturingRecords = () =>
  apiRequest<ManufacturingRecord[]>(apiPaths.manufacturing.records, { fallbackMessage: RECORDS_FETCH_FAILED_MESSAGE });

export const manufacturingRecordsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.manufacturing.records, queryFn: getManufacturingRecords });

export function useManufacturingRecords({ enabled }: { enabled: boolean }) {
  return useQuery({ ...manufacturingRecordsQueryOptions(), enabled });
}
