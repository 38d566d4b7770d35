// Label codes and label limits as plain constants and functions, so the label and scan screens use
// them without loading zod.

export type ItemKind = 'part' | 'product';

/** Characters of a barcode: what a JAN/EAN/UPC or Code 128 label carries (printable ASCII). */
export const BARCODE_MAX = 64;
export const BARCODE_PATTERN = /^[\x21-\x7E]+$/;

/** Characters of a scanned code the server looks up: a label URL of any sensible APP_URL, or a barcode. */
export const SCAN_CODE_MAX = 300;

/** Items of one label print: enough for every bin of a shop, few enough to render at once. */
export const LABEL_ITEMS_MAX = 1000;

/** The path a label's QR code opens (after APP_URL). */
export const labelPath = (kind: ItemKind, id: number) => `/s/${kind}/${id}`;

const LABEL_PATH = /^\/s\/(part|product)\/([1-9][0-9]{0,9})\/?$/;

/**
 * The item a label code names: an URL (of any host, so labels printed before APP_URL changed
 * still scan) or a bare path ending in /s/{kind}/{id}. Null for anything else (a barcode).
 */
export function parseLabelCode(code: string): { kind: ItemKind; id: number } | null {
  let path = code.trim();
  if (/^https?:\/\//i.test(path)) {
    if (!URL.canParse(path)) return null;
    path = new URL(path).pathname;
  }
  const match = LABEL_PATH.exec(path);
  if (!match) return null;
  const id = Number(match[2]);
  return Number.isSafeInteger(id) && id <= 2_147_483_647 ? { kind: match[1] as ItemKind, id } : null;
}
