import type { LabelItem } from '@inventory/contracts/scan';
import { memo } from 'react';
import { qrCodePath } from '../utils/code-graphics.ts';
import { type LabelLayout, labelsPerSheet, placeLabels } from '../utils/label-layouts.ts';

// The printed pages, sized in millimetres: the preview on screen is the very thing that prints.
// The print rules hide everything but this area and its ancestors (whose spacing goes), and the
// @page rule gives the paper the layout's size with no margin of its own, so every millimetre
// below lands where the stock's labels are.

const PRINT_CSS = `
@media print {
  body *:not(:has(.label-print-area)):not(.label-print-area):not(.label-print-area *) { display: none !important; }
  body *:has(.label-print-area) { display: block !important; margin: 0 !important; padding: 0 !important; border: 0 !important;
    max-width: none !important; overflow: visible !important; box-shadow: none !important; background: white !important; }
  .label-print-area { gap: 0 !important; }
  .label-page { box-shadow: none !important; margin: 0 !important; }
}`;

const mm = (value: number) => `${Math.round(value * 100) / 100}mm`;

const QrCode = memo(function QrCode({ text, size }: { text: string; size: number }) {
  const qr = qrCodePath(text);
  return (
    <svg viewBox={`0 0 ${qr.size} ${qr.size}`} width={mm(size)} height={mm(size)} shapeRendering="crispEdges" role="img" aria-label={`QRコード ${text}`}>
      <rect width={qr.size} height={qr.size} fill="#fff" />
      <path d={qr.path} fill="#000" />
    </svg>
  );
});

export type BarcodeSvg = (code: string) => string;

function Barcode({ code, height, barcodeSvg }: { code: string; height: number; barcodeSvg: BarcodeSvg }) {
  return (
    <div style={{ height: mm(height) }} className="flex flex-col">
      {/* bwip-js writes the SVG from the code alone (bars, no text). */}
      <div className="min-h-0 flex-1" dangerouslySetInnerHTML={{ __html: barcodeSvg(code) }} />
      <div className="text-center leading-none tracking-wider" style={{ fontSize: mm(Math.max(1.6, height * 0.22)) }}>
        {code}
      </div>
    </div>
  );
}

const Label = memo(function Label({ item, width, height, barcodeSvg }: { item: LabelItem; width: number; height: number; barcodeSvg: BarcodeSvg }) {
  const padding = Math.min(2, height * 0.07);
  const qrSize = Math.min(height - 2 * padding, width * 0.42);
  const fontSize = height >= 40 ? 3.6 : height >= 30 ? 3 : 2.5;
  const meta = [item.part_number && `品番 ${item.part_number}`, item.unit && `単位 ${item.unit}`].filter(Boolean).join('　');
  return (
    <div className="flex h-full w-full items-stretch overflow-hidden bg-white text-black" style={{ padding: mm(padding), gap: mm(padding) }}>
      <QrCode text={item.code_url} size={qrSize} />
      <div className="flex min-w-0 flex-1 flex-col justify-between">
        <div className="min-w-0">
          <p className="line-clamp-2 font-bold break-all" style={{ fontSize: mm(fontSize), lineHeight: 1.2 }}>
            {item.name}
          </p>
          {meta && (
            <p className="truncate" style={{ fontSize: mm(fontSize * 0.78), lineHeight: 1.3 }}>
              {meta}
            </p>
          )}
        </div>
        {item.barcode && <Barcode code={item.barcode} height={Math.max(5, height * 0.3)} barcodeSvg={barcodeSvg} />}
      </div>
    </div>
  );
});

export function LabelSheets({
  items,
  layout,
  copies,
  startPosition,
  barcodeSvg,
}: {
  items: LabelItem[];
  layout: LabelLayout;
  copies: number;
  startPosition: number;
  barcodeSvg: BarcodeSvg;
}) {
  const perPage = layout.kind === 'sheet' ? labelsPerSheet(layout) : 1;
  const pages = placeLabels(items, copies, layout.kind === 'sheet' ? startPosition : 1, perPage);
  const pageWidth = layout.kind === 'sheet' ? layout.pageWidth : layout.width;
  const pageHeight = layout.kind === 'sheet' ? layout.pageHeight : layout.height;
  return (
    <div className="label-print-area flex flex-col items-start gap-4" data-testid="label-print-area">
      <style>{`@page { size: ${mm(pageWidth)} ${mm(pageHeight)}; margin: 0; }${PRINT_CSS}`}</style>
      {pages.map((places, pageIndex) => (
        <section
          // A page is its place in the print: the index is its identity.
          key={pageIndex}
          aria-label={`${pageIndex + 1}ページ目`}
          className="label-page relative shrink-0 overflow-hidden bg-white shadow-md"
          style={{ width: mm(pageWidth), height: mm(pageHeight), breakAfter: 'page' }}
        >
          {places.map((item, index) => {
            if (!item) return null;
            const left = layout.kind === 'sheet' ? layout.left + (index % layout.columns) * layout.pitchX : 0;
            const top = layout.kind === 'sheet' ? layout.top + Math.floor(index / layout.columns) * layout.pitchY : 0;
            return (
              <div
                key={index}
                className="absolute"
                style={{ left: mm(left), top: mm(top), width: mm(layout.width), height: mm(layout.height) }}
              >
                <Label item={item} width={layout.width} height={layout.height} barcodeSvg={barcodeSvg} />
              </div>
            );
          })}
        </section>
      ))}
    </div>
  );
}
