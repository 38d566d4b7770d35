import { apiPaths } from '@inventory/contracts/api-paths';
import type { ScannedItem } from '@inventory/contracts/scan';
import { apiRequest } from '../../../lib/api-client.ts';

/** The part or product a scanned code names (one request: a label URL or a barcode). */
export const resolveScanCode = (code: string) =>
  apiRequest<ScannedItem>(apiPaths.scan.code(code), { fallbackMessage: 'コードを確認できませんでした。通信状態を確認してください' });
