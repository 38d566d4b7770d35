import type { ScannedItem } from '@inventory/contracts/scan';
import { Camera, ScanLine } from 'lucide-react';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/form/button.tsx';
import { PageContainer, PageHeader } from '../../../components/layout/page-header.tsx';
import { lazyComponent } from '../../../lib/lazy-code.tsx';
import { resolveScanCode } from '../api/resolve-scan-code.ts';
import { useCameraScanner } from '../hooks/use-camera-scanner.ts';
import { useKeyboardWedge } from '../hooks/use-keyboard-wedge.ts';
import { cameraMessages } from '../utils/camera-messages.ts';
import { createRepeatFilter, signalScan } from '../utils/scan-feedback.ts';

const ScanActionSheet = lazyComponent(async () => (await import('./scan-action-sheet.tsx')).ScanActionSheet);

/**
 * スキャン: the camera reads labels and barcodes continuously, a keyboard-wedge reader types
 * into the page, and the code field takes what either cannot; a code found opens the action
 * sheet. `initialCode` (a label opened by the phone's own camera app) opens its sheet at once,
 * with the camera started only on request.
 */
export function ScanScreen({ initialCode, onOpenDetail }: { initialCode?: string; onOpenDetail: (item: ScannedItem) => void }) {
  const [item, setItem] = useState<ScannedItem | null>(null);
  const [message, setMessage] = useState<string>();
  const [cameraWanted, setCameraWanted] = useState(initialCode === undefined);
  const [typed, setTyped] = useState('');
  const isNew = useRef(createRepeatFilter()).current;
  const lookups = useRef(0);

  const lookUp = useCallback(async (code: string) => {
    const lookup = ++lookups.current;
    try {
      const found = await resolveScanCode(code);
      if (lookup !== lookups.current) return;
      setMessage(undefined);
      setItem(found);
    } catch (error) {
      if (lookup === lookups.current) setMessage((error as Error).message);
    }
  }, []);

  const handleCode = useCallback(
    (code: string) => {
      const trimmed = code.trim();
      if (trimmed === '' || !isNew(trimmed)) return;
      signalScan();
      void lookUp(trimmed);
    },
    [isNew, lookUp],
  );

  useEffect(() => {
    if (initialCode === undefined) return undefined;
    let current = true;
    resolveScanCode(initialCode).then(
      (found) => current && setItem(found),
      (error: Error) => current && setMessage(error.message),
    );
    return () => {
      current = false;
    };
  }, [initialCode]);

  useKeyboardWedge(handleCode, item === null);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const code = typed.trim();
    if (code === '') return;
    setTyped('');
    // Typed on purpose: looked up even when the same code was read a moment ago.
    void lookUp(code);
  };

  return (
    <PageContainer>
      <PageHeader title="スキャン" subtitle="ラベルのQRコードや部品のバーコードを読み取って、入荷・発注・在庫の数えをします" />
      <div className="mx-auto flex max-w-xl flex-col gap-4">
        {cameraWanted ? (
          <CameraView onCode={handleCode} paused={item !== null} />
        ) : (
          <Button onClick={() => setCameraWanted(true)} className="py-3 text-base">
            <Camera className="h-5 w-5" aria-hidden="true" />
            カメラでスキャン
          </Button>
        )}
        {message && (
          <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950/50 dark:text-amber-100">
            {message}
          </p>
        )}
        <form onSubmit={handleSubmit} className="flex items-end gap-2">
          <div className="min-w-0 flex-1">
            <label htmlFor="scan-code" className="mb-1 block text-sm font-medium text-gray-700 dark:text-gray-300">
              コードを入力（バーコードリーダーも使えます）
            </label>
            <input
              id="scan-code"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              autoComplete="off"
              enterKeyHint="search"
              className="block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-base text-gray-900 shadow-sm focus:border-blue-500 focus:ring-2 focus:ring-blue-500/40 focus:outline-none dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100"
            />
          </div>
          <Button type="submit" variant="secondary">
            <ScanLine className="h-4 w-4" aria-hidden="true" />
            検索
          </Button>
        </form>
      </div>
      {item && <ScanActionSheet key={`${item.kind}-${item.id}`} item={item} onClose={() => setItem(null)} onOpenDetail={onOpenDetail} />}
    </PageContainer>
  );
}

function CameraView({ onCode, paused }: { onCode: (code: string) => void; paused: boolean }) {
  const { videoRef, state, restart } = useCameraScanner(onCode, !paused);
  if (state.status === 'failed') {
    return (
      <div role="alert" className="flex flex-col gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900 dark:border-red-800 dark:bg-red-950/50 dark:text-red-100">
        <p>{cameraMessages[state.problem]}</p>
        {state.problem !== 'notSecure' && state.problem !== 'unsupported' && (
          <Button variant="secondary" onClick={restart} className="self-start">
            <Camera className="h-4 w-4" aria-hidden="true" />
            カメラを起動
          </Button>
        )}
      </div>
    );
  }
  return (
    <div className="relative overflow-hidden rounded-lg bg-black">
      <video ref={videoRef} muted playsInline aria-label="カメラの映像" className="aspect-[4/3] w-full object-cover" />
      <div className="pointer-events-none absolute inset-8 rounded-lg border-2 border-white/70" aria-hidden="true" />
      <p className="absolute right-0 bottom-0 left-0 bg-black/60 px-3 py-2 text-center text-sm text-white" aria-live="polite">
        {state.status === 'scanning' ? 'コードを枠の中に写してください' : 'カメラを起動しています...'}
      </p>
    </div>
  );
}
