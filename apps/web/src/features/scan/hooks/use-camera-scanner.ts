import { useCallback, useEffect, useRef, useState } from 'react';
import { lazyCode } from '../../../lib/lazy-code.tsx';
import { type CameraProblem, cameraProblemOf } from '../utils/camera-messages.ts';

// The camera, read several times a second: the browser's own BarcodeDetector where it has one
// with the formats labels use, else the ZXing WebAssembly reader (fetched only then).

export const SCAN_FORMATS = ['qr_code', 'ean_13', 'ean_8', 'upc_a', 'upc_e', 'code_128'];

interface Detector {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}
interface DetectorClass {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats?: () => Promise<string[]>;
}

const zxing = lazyCode(async () => (await import('../utils/zxing-detector.ts')).ZXingBarcodeDetector as unknown as DetectorClass);

async function createDetector(): Promise<Detector> {
  const native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (native?.getSupportedFormats) {
    const supported = await native.getSupportedFormats().catch(() => [] as string[]);
    if (supported.includes('qr_code')) return new native({ formats: SCAN_FORMATS.filter((format) => supported.includes(format)) });
  }
  const Reader = await zxing.load();
  return new Reader({ formats: SCAN_FORMATS });
}

const SCAN_INTERVAL_MS = 150;

/** What no attempt can fix: a page that is not HTTPS (browsers give no camera to it), or no camera API at all. */
function browserProblem(): CameraProblem | null {
  if (!window.isSecureContext) return 'notSecure';
  if (!navigator.mediaDevices?.getUserMedia) return 'unsupported';
  return null;
}

export type CameraState = { status: 'starting' | 'scanning' } | { status: 'failed'; problem: CameraProblem };

/** The camera's state and a video element ref; `onCode` gets every code read while `active`. */
export function useCameraScanner(onCode: (code: string) => void, active: boolean) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>({ status: 'starting' });
  const [attempt, setAttempt] = useState(0);
  const onCodeRef = useRef(onCode);
  useEffect(() => {
    onCodeRef.current = onCode;
  });
  const activeRef = useRef(active);
  useEffect(() => {
    activeRef.current = active;
  });

  useEffect(() => {
    if (browserProblem()) return undefined;
    let stopped = false;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const run = async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
      } catch (error) {
        if (!stopped) setState({ status: 'failed', problem: cameraProblemOf(error) });
        return;
      }
      let detector: Detector;
      try {
        detector = await createDetector();
      } catch {
        if (!stopped) setState({ status: 'failed', problem: 'detectorFailed' });
        return;
      }
      const video = videoRef.current;
      if (stopped || !video) return;
      video.srcObject = stream;
      await video.play().catch(() => undefined);
      setState({ status: 'scanning' });
      const tick = async () => {
        if (stopped) return;
        if (activeRef.current && video.readyState >= 2) {
          try {
            for (const { rawValue } of await detector.detect(video)) if (rawValue) onCodeRef.current(rawValue);
          } catch {
            // A frame the reader could not take (the video resizing): the next one will do.
          }
        }
        timer = setTimeout(() => void tick(), SCAN_INTERVAL_MS);
      };
      void tick();
    };
    void run();

    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [attempt]);

  const restart = useCallback(() => {
    setState({ status: 'starting' });
    setAttempt((value) => value + 1);
  }, []);
  const problem = browserProblem();
  return { videoRef, state: problem ? ({ status: 'failed', problem } as const) : state, restart };
}
