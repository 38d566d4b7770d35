import bwipjs from 'bwip-js/browser';

// A label's barcode as SVG through bwip-js, which knows every linear symbology. Loaded by the
// label page after its first paint (lib/lazy-code.tsx): bwip-js alone is larger than a screen's
// JavaScript budget.

function eanChecksumValid(digits: string): boolean {
  const numbers = [...digits].map(Number);
  const check = numbers.pop()!;
  const sum = numbers.reverse().reduce((total, digit, index) => total + digit * (index % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

/** The symbology a barcode is printed in: EAN-13/JAN, EAN-8 and UPC-A when their digits and check digit say so, else Code 128. */
export function barcodeSymbology(code: string): 'ean13' | 'ean8' | 'upca' | 'code128' {
  if (/^\d{13}$/.test(code) && eanChecksumValid(code)) return 'ean13';
  if (/^\d{8}$/.test(code) && eanChecksumValid(code)) return 'ean8';
  if (/^\d{12}$/.test(code) && eanChecksumValid(code)) return 'upca';
  return 'code128';
}

const barcodeCache = new Map<string, string>();

/** The barcode as SVG markup (bars only; the label prints the digits itself), stretched to its box. */
export function barcodeSvg(code: string): string {
  let svg = barcodeCache.get(code);
  if (svg === undefined) {
    svg = bwipjs
      .toSVG({ bcid: barcodeSymbology(code), text: code, height: 10, includetext: false, paddingwidth: 0, paddingheight: 0 })
      .replace('<svg ', '<svg preserveAspectRatio="none" width="100%" height="100%" aria-hidden="true" ');
    barcodeCache.set(code, svg);
  }
  return svg;
}
