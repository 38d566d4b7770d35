import { encode } from 'uqr';

// A label's QR code as SVG, drawn from uqr's matrix as one path: a label page of 500 items draws
// 500 of them (bwip-js took about 12 ms for each, uqr a fraction of that). The barcode is
// barcode-svg.ts, loaded late (bwip-js is larger than a whole screen's budget).

const qrCache = new Map<string, { size: number; path: string }>();

/** The QR code of a text: a square SVG path in module units (viewBox 0 0 size size); a layout change draws it again from the cache. */
export function qrCodePath(text: string): { size: number; path: string } {
  let qr = qrCache.get(text);
  if (qr === undefined) {
    qr = encodeQrPath(text);
    qrCache.set(text, qr);
  }
  return qr;
}

function encodeQrPath(text: string): { size: number; path: string } {
  const { data, size } = encode(text, { ecc: 'M', border: 0 });
  let path = '';
  data.forEach((row, y) => {
    for (let x = 0; x < size; x += 1) {
      if (!row[x]) continue;
      let run = 1;
      while (x + run < size && row[x + run]) run += 1;
      path += `M${x} ${y}h${run}v1h-${run}z`;
      x += run - 1;
    }
  });
  return { size, path };
}
