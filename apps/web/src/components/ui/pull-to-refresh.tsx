import clsx from 'clsx';
import { ArrowDown } from 'lucide-react';
import { type ReactNode, type TouchEvent, useEffect, useRef, useState } from 'react';
import { LoadingSpinner } from './loading-spinner.tsx';

// The pull is half the finger's travel, at most 96 px; it
// refreshes at 80 px on the dashboard (the default here) and at 60 px on the products screen.
const PULL_TO_REFRESH_THRESHOLD_PX = 80;
const PULL_MAX_DISTANCE_PX = 96;
const PULL_RESISTANCE = 0.5;

const isPageAtTop = () => window.scrollY <= 0;

/**
 * Pulling down while the page is scrolled to the top shows an indicator; releasing at or beyond the
 * threshold calls onRefresh and shows a spinner until its promise settles (failures are the caller's
 * to report; they are only logged here).
 */
export function PullToRefresh({
  onRefresh,
  threshold = PULL_TO_REFRESH_THRESHOLD_PX,
  children,
}: {
  onRefresh: () => Promise<unknown>;
  threshold?: number;
  children: ReactNode;
}) {
  const [pull, setPull] = useState(0);
  const [refreshing, setRefreshing] = useState(false);
  // While a finger holds the indicator it follows without easing.
  const [touching, setTouching] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const start = useRef<{ x: number; y: number } | null>(null);
  const pullRef = useRef(0);

  // The browser's own pull-to-refresh (a full page reload) and overscroll bounce would fight this one.
  useEffect(() => {
    const root = document.documentElement;
    const previous = root.style.overscrollBehaviorY;
    root.style.overscrollBehaviorY = 'contain';
    return () => {
      root.style.overscrollBehaviorY = previous;
    };
  }, []);

  const setPullDistance = (distance: number) => {
    pullRef.current = distance;
    setPull(distance);
  };

  const handleTouchStart = (event: TouchEvent) => {
    const touch = event.touches[0];
    // React passes touches in portals (a dropdown list scrolled with the finger) up through this tree; they are not pulls.
    const onPage = containerRef.current?.contains(event.target as Node) ?? false;
    start.current = !refreshing && onPage && event.touches.length === 1 && touch && isPageAtTop() ? { x: touch.clientX, y: touch.clientY } : null;
    setTouching(start.current !== null);
  };

  const handleTouchMove = (event: TouchEvent) => {
    const touch = event.touches[0];
    if (!start.current || !touch) return;
    const dy = touch.clientY - start.current.y;
    const dx = touch.clientX - start.current.x;
    // A sideways gesture (a swipe on a card) or a scroll that left the top is not a pull.
    if (pullRef.current === 0 && (Math.abs(dx) > Math.abs(dy) || !isPageAtTop())) {
      if (Math.abs(dx) > Math.abs(dy)) start.current = null;
      return;
    }
    setPullDistance(Math.min(Math.max(0, dy * PULL_RESISTANCE), PULL_MAX_DISTANCE_PX));
  };

  const handleTouchEnd = () => {
    setTouching(false);
    if (!start.current) return;
    start.current = null;
    if (pullRef.current < threshold) {
      setPullDistance(0);
      return;
    }
    setRefreshing(true);
    setPullDistance(threshold);
    Promise.resolve()
      .then(onRefresh)
      .catch((error: unknown) => console.warn('pull-to-refresh: onRefresh failed', error))
      .finally(() => {
        setRefreshing(false);
        setPullDistance(0);
      });
  };

  const handleTouchCancel = () => {
    setTouching(false);
    start.current = null;
    if (!refreshing) setPullDistance(0);
  };

  const ready = pull >= threshold;

  return (
    <div ref={containerRef} onTouchStart={handleTouchStart} onTouchMove={handleTouchMove} onTouchEnd={handleTouchEnd} onTouchCancel={handleTouchCancel}>
      <div
        data-testid="pull-indicator"
        aria-hidden={!refreshing}
        className={clsx(
          'flex items-end justify-center overflow-hidden text-sm text-gray-500 dark:text-gray-400',
          !touching && 'transition-[height] duration-200 ease-out',
        )}
        style={{ height: pull }}
      >
        <div className="flex h-12 items-center gap-2">
          {refreshing ? (
            <LoadingSpinner size="sm" label="更新中..." />
          ) : pull > 0 ? (
            <>
              <ArrowDown className={clsx('h-4 w-4 transition-transform', ready && 'rotate-180')} aria-hidden="true" />
              {ready ? '離して更新' : '引っ張って更新'}
            </>
          ) : null}
        </div>
      </div>
      {children}
    </div>
  );
}
