import { startTransition, useEffect, useState } from 'react';

/**
 * False until the browser has painted once after `ready` became true: work that can wait (a 2 MB
 * list behind its first page) starts after the screen's first content has shown instead of in the
 * same task (measured on a phone with the CPU slowed 4× in the screens bench, docs/performance.md).
 */
export function usePaintedAfter(ready: boolean) {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return undefined;
    let timeout: ReturnType<typeof setTimeout> | undefined;
    // A frame's callback runs just before its paint; a task queued from it runs after.
    const frame = requestAnimationFrame(() => {
      timeout = setTimeout(() => startTransition(() => setPainted(true)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timeout);
    };
  }, [ready, painted]);
  return painted;
}
