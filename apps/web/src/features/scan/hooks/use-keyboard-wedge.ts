import { useEffect, useRef } from 'react';

// A USB or Bluetooth barcode reader is a keyboard: it types the code quickly and presses Enter.
// On the scan screen such typing is taken as a scan wherever the focus is, except in a field of
// its own (the code field takes it through its form; the forms of the action sheet keep theirs).

/** Longest pause between two keys of one scan; people type slower than this. */
const WEDGE_KEY_GAP_MS = 60;
const WEDGE_MIN_LENGTH = 4;

export function useKeyboardWedge(onCode: (code: string) => void, enabled: boolean) {
  const onCodeRef = useRef(onCode);
  useEffect(() => {
    onCodeRef.current = onCode;
  });
  useEffect(() => {
    if (!enabled) return undefined;
    let buffer = '';
    let lastKeyAt = 0;
    const handleKeyDown = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      const now = performance.now();
      if (now - lastKeyAt > WEDGE_KEY_GAP_MS) buffer = '';
      lastKeyAt = now;
      if (event.key === 'Enter') {
        if (buffer.length >= WEDGE_MIN_LENGTH) {
          event.preventDefault();
          onCodeRef.current(buffer);
        }
        buffer = '';
      } else if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
        buffer += event.key;
      }
    };
    window.addEventListener('keydown', handleKeyDown);
    return () => window.removeEventListener('keydown', handleKeyDown);
  }, [enabled]);
}
