import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

// The ZXing WebAssembly reader for browsers without the Barcode Detection API (Firefox, desktop
// Chromium on Linux and Windows, older Safari). Loaded only by the scan screen; its .wasm file
// is served by the app itself, never fetched from elsewhere.

prepareZXingModule({
  overrides: {
    locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
  },
});

export { BarcodeDetector as ZXingBarcodeDetector };
