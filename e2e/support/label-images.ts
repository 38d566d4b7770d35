import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

// Images for the label and scanning tests: a printed PDF rendered to PNG (pdftoppm, from
// poppler-utils), QR codes decoded from a region of it (jsQR), and a .y4m video file of one
// image for Chromium's fake camera.

export interface Raster {
  width: number;
  height: number;
  data: Buffer;
}

/** Each page of the PDF as an RGBA raster at `dpi`. */
export function renderPdf(pdf: Buffer, dpi: number): Raster[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'labels-pdf-'));
  writeFileSync(path.join(dir, 'labels.pdf'), pdf);
  execFileSync('pdftoppm', ['-r', String(dpi), '-png', path.join(dir, 'labels.pdf'), path.join(dir, 'page')]);
  return readdirSync(dir)
    .filter((name) => name.endsWith('.png'))
    .sort()
    .map((name) => PNG.sync.read(readFileSync(path.join(dir, name))));
}

/** The QR code in a rectangle of the raster (millimetres from the top left), or null. */
export function decodeQrIn(raster: Raster, dpi: number, box: { left: number; top: number; width: number; height: number }): string | null {
  const px = (mm: number) => Math.round((mm / 25.4) * dpi);
  const x0 = Math.max(0, px(box.left));
  const y0 = Math.max(0, px(box.top));
  const width = Math.min(raster.width - x0, px(box.width));
  const height = Math.min(raster.height - y0, px(box.height));
  const crop = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    const from = ((y0 + y) * raster.width + x0) * 4;
    crop.set(raster.data.subarray(from, from + width * 4), y * width * 4);
  }
  return jsQR(crop, width, height)?.data ?? null;
}

/**
 * A Y4M video (4:2:0) of `frames` identical frames of the PNG, centred on white at 640 × 480:
 * what Chromium's fake camera plays in a loop.
 */
export function y4mOfPng(png: Buffer, file: string, frames = 10) {
  const image = PNG.sync.read(png);
  const width = 640;
  const height = 480;
  const luma = Buffer.alloc(width * height, 235);
  const offsetX = Math.floor((width - image.width) / 2);
  const offsetY = Math.floor((height - image.height) / 2);
  for (let y = 0; y < image.height; y += 1) {
    for (let x = 0; x < image.width; x += 1) {
      const tx = x + offsetX;
      const ty = y + offsetY;
      if (tx < 0 || ty < 0 || tx >= width || ty >= height) continue;
      const i = (y * image.width + x) * 4;
      const [r, g, b] = [image.data[i]!, image.data[i + 1]!, image.data[i + 2]!];
      luma[ty * width + tx] = Math.round(16 + 0.257 * r + 0.504 * g + 0.098 * b);
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}
