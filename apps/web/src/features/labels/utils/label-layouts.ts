// The label stocks the print page offers, in millimetres as printed on their packets. A sheet
// layout places labels column by column along a row, rows from the top, at the stock's pitch
// from its top-left margin; a roll layout prints one label per page of the label's own size.

export interface SheetLayout {
  kind: 'sheet';
  id: string;
  label: string;
  /** The paper (A4 portrait). */
  pageWidth: number;
  pageHeight: number;
  columns: number;
  rows: number;
  /** Label size. */
  width: number;
  height: number;
  /** Distance from the paper's edge to the first label. */
  top: number;
  left: number;
  /** From the start of one label to the start of the next. */
  pitchX: number;
  pitchY: number;
}

export interface RollLayout {
  kind: 'roll';
  id: string;
  label: string;
  width: number;
  height: number;
}

export type LabelLayout = SheetLayout | RollLayout;

const A4 = { pageWidth: 210, pageHeight: 297 };

export const LABEL_LAYOUTS: readonly LabelLayout[] = [
  // 2 × 6, 86.4 × 42.3 mm, margins 21.5 mm top and bottom, 18.6 mm left and right (four-edge margin stock).
  { kind: 'sheet', id: 'a4-12', label: 'A4 12面（86.4×42.3mm）', ...A4, columns: 2, rows: 6, width: 86.4, height: 42.3, top: 21.5, left: 18.6, pitchX: 86.4, pitchY: 42.3 },
  // 3 × 8, 70 × 33.9 mm, margins 12.9 mm top and bottom, none at the sides.
  { kind: 'sheet', id: 'a4-24', label: 'A4 24面（70×33.9mm）', ...A4, columns: 3, rows: 8, width: 70, height: 33.9, top: 12.9, left: 0, pitchX: 70, pitchY: 33.9 },
  // 4 × 11, 48.3 × 25.4 mm, margins 8.8 mm top and bottom, 8.4 mm left and right.
  { kind: 'sheet', id: 'a4-44', label: 'A4 44面（48.3×25.4mm）', ...A4, columns: 4, rows: 11, width: 48.3, height: 25.4, top: 8.8, left: 8.4, pitchX: 48.3, pitchY: 25.4 },
  // Label printers: 62 mm continuous tape cut at 40 mm, and 29 × 90 mm die-cut labels.
  { kind: 'roll', id: 'roll-62', label: 'ラベルプリンター 62mm幅 長尺（62×40mm）', width: 62, height: 40 },
  { kind: 'roll', id: 'roll-29x90', label: 'ラベルプリンター 29×90mm', width: 90, height: 29 },
];

export const DEFAULT_LAYOUT_ID = 'a4-24';

export const layoutById = (id: string | null): LabelLayout => LABEL_LAYOUTS.find((layout) => layout.id === id) ?? LABEL_LAYOUTS.find((layout) => layout.id === DEFAULT_LAYOUT_ID)!;

export const labelsPerSheet = (layout: SheetLayout) => layout.columns * layout.rows;

/** Copies per item: enough for every drawer of a bin, few enough that a slip of the finger prints no ream. */
export const COPIES_MAX = 100;

/**
 * The labels in print order, `copies` of each item in turn, after `startPosition − 1` empty
 * places on the first sheet (a partly used sheet); pages of `perPage` places (1 for a roll).
 */
export function placeLabels<Item>(items: readonly Item[], copies: number, startPosition: number, perPage: number): Array<Array<Item | null>> {
  const places: Array<Item | null> = Array.from({ length: Math.max(0, startPosition - 1) }, () => null);
  for (const item of items) for (let copy = 0; copy < copies; copy += 1) places.push(item);
  const pages: Array<Array<Item | null>> = [];
  for (let start = 0; start < places.length; start += perPage) pages.push(places.slice(start, start + perPage));
  return pages;
}
