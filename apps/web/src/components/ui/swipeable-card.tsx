import clsx from 'clsx';
import { type MouseEvent as ReactMouseEvent, type ReactNode, type TouchEvent as ReactTouchEvent, useEffect, useRef, useState } from 'react';

// A swipe of at least 50 px within 300 ms opens the 80 px actions.
const SWIPE_THRESHOLD_PX = 50;
const SWIPE_MAX_DURATION_MS = 300;
const SWIPE_ACTION_WIDTH_PX = 80;
/** Browsers follow a touch with emulated mouse events; mouse input this soon after a touch is ignored. */
const TOUCH_MOUSE_IGNORE_MS = 500;
/** Movement before the gesture is decided as horizontal (a swipe) or vertical (the page scrolls). */
const DIRECTION_SLOP_PX = 10;

export interface SwipeAction {
  label: string;
  onClick: () => void;
  className?: string;
}

interface Gesture {
  x: number;
  y: number;
  time: number;
  axis: 'x' | 'y' | null;
}

/**
 * A card whose left swipe (at least 50 px within 300 ms) reveals action buttons on its right, 80 px
 * each; a right swipe, a tap on the card or a touch anywhere else closes them. The card follows the
 * finger while dragged; a slower drag is not a swipe and settles back. Vertical movement is left to
 * the browser (touch-action: pan-y), so the page scrolls as usual. The mouse works too (for testing
 * on a desktop), and keyboard focus on an action reveals it.
 */
export function SwipeableCard({ children, actions }: { children: ReactNode; actions: SwipeAction[] }) {
  const [open, setOpen] = useState(false);
  const [dragOffset, setDragOffset] = useState<number | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const gesture = useRef<Gesture | null>(null);
  const lastTouchAt = useRef(Number.NEGATIVE_INFINITY);
  const swallowNextClick = useRef(false);

  const actionsWidth = actions.length * SWIPE_ACTION_WIDTH_PX;
  const restingOffset = open ? -actionsWidth : 0;
  const offset = dragOffset ?? restingOffset;

  const startGesture = (x: number, y: number) => {
    gesture.current = { x, y, time: Date.now(), axis: null };
  };

  const moveGesture = (x: number, y: number) => {
    const current = gesture.current;
    if (!current) return;
    const dx = x - current.x;
    const dy = y - current.y;
    if (current.axis === null) {
      if (Math.max(Math.abs(dx), Math.abs(dy)) < DIRECTION_SLOP_PX) return;
      current.axis = Math.abs(dx) > Math.abs(dy) ? 'x' : 'y';
    }
    if (current.axis === 'x') setDragOffset(Math.min(0, Math.max(-actionsWidth, restingOffset + dx)));
  };

  /** Ends the gesture; answers whether it was a horizontal drag. */
  const endGesture = (x: number) => {
    const current = gesture.current;
    gesture.current = null;
    setDragOffset(null);
    if (!current || current.axis !== 'x') return false;
    const dx = x - current.x;
    if (Math.abs(dx) >= SWIPE_THRESHOLD_PX && Date.now() - current.time <= SWIPE_MAX_DURATION_MS) setOpen(dx < 0);
    return true;
  };

  const cancelGesture = () => {
    gesture.current = null;
    setDragOffset(null);
  };

  // React passes events from portals (a popover or list opened from the card) up through the card;
  // only gestures on the card itself count.
  const startsOnCard = (event: ReactTouchEvent | ReactMouseEvent) => rootRef.current?.contains(event.target as Node) ?? false;

  const handleTouchStart = (event: ReactTouchEvent) => {
    lastTouchAt.current = Date.now();
    if (!startsOnCard(event)) return cancelGesture();
    const touch = event.touches[0];
    if (event.touches.length === 1 && touch) startGesture(touch.clientX, touch.clientY);
    else cancelGesture();
  };

  const handleTouchMove = (event: ReactTouchEvent) => {
    const touch = event.touches[0];
    if (touch) moveGesture(touch.clientX, touch.clientY);
  };

  const handleTouchEnd = (event: ReactTouchEvent) => {
    lastTouchAt.current = Date.now();
    const touch = event.changedTouches[0];
    if (touch) endGesture(touch.clientX);
    else cancelGesture();
  };

  const handleMouseDown = (event: ReactMouseEvent) => {
    if (event.button !== 0 || Date.now() - lastTouchAt.current < TOUCH_MOUSE_IGNORE_MS || !startsOnCard(event)) return;
    startGesture(event.clientX, event.clientY);
    const handleMove = (move: MouseEvent) => moveGesture(move.clientX, move.clientY);
    const handleUp = (up: MouseEvent) => {
      window.removeEventListener('mousemove', handleMove);
      window.removeEventListener('mouseup', handleUp);
      if (!endGesture(up.clientX)) return;
      // The click that ends a mouse drag follows in the same task: it is not a tap on the card.
      // (A touch drag produces no click at all.)
      swallowNextClick.current = true;
      setTimeout(() => {
        swallowNextClick.current = false;
      }, 0);
    };
    window.addEventListener('mousemove', handleMove);
    window.addEventListener('mouseup', handleUp);
  };

  const handleClickCapture = (event: ReactMouseEvent) => {
    if (!startsOnCard(event)) return;
    if (swallowNextClick.current) {
      swallowNextClick.current = false;
      event.preventDefault();
      event.stopPropagation();
      return;
    }
    // While the actions show, a tap on the card closes them instead of acting on the card.
    if (open && !(event.target as HTMLElement).closest('[data-swipe-action]')) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    }
  };

  // A touch or click anywhere outside the card closes its actions.
  useEffect(() => {
    if (!open) return;
    const handleOutside = (event: Event) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('touchstart', handleOutside, true);
    document.addEventListener('mousedown', handleOutside, true);
    return () => {
      document.removeEventListener('touchstart', handleOutside, true);
      document.removeEventListener('mousedown', handleOutside, true);
    };
  }, [open]);

  return (
    <div
      ref={rootRef}
      data-state={open ? 'open' : 'closed'}
      className="relative touch-pan-y overflow-hidden rounded-lg"
      onTouchStart={handleTouchStart}
      onTouchMove={handleTouchMove}
      onTouchEnd={handleTouchEnd}
      onTouchCancel={cancelGesture}
      onMouseDown={handleMouseDown}
      onClickCapture={handleClickCapture}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      {/* Transparent while the card covers them: the rounded corners' anti-aliasing would let their colour show through. */}
      <div
        className={clsx('absolute inset-y-0 right-0 flex transition-opacity duration-200', offset === 0 && 'opacity-0')}
        style={{ width: actionsWidth }}
        onFocus={(event) => {
          // Only keyboard focus reveals them: a dialog opened by an action gives the focus back to
          // it on closing, and after a tap that must not slide the card open again.
          if (event.target.matches(':focus-visible')) setOpen(true);
        }}
      >
        {actions.map((action) => (
          <button
            key={action.label}
            type="button"
            data-swipe-action=""
            onClick={() => {
              setOpen(false);
              action.onClick();
            }}
            style={{ width: SWIPE_ACTION_WIDTH_PX }}
            className={clsx(
              'flex h-full shrink-0 items-center justify-center px-1 text-sm font-medium focus-visible:outline-2 focus-visible:-outline-offset-4 focus-visible:outline-white',
              action.className ?? 'bg-gray-600 text-white dark:bg-gray-500',
            )}
          >
            {action.label}
          </button>
        ))}
      </div>
      <div
        data-swipe-content=""
        className={clsx(
          'relative bg-white dark:bg-gray-900',
          dragOffset === null && 'transition-transform duration-200 ease-out',
          dragOffset !== null && 'select-none',
        )}
        style={{ transform: `translateX(${offset}px)` }}
      >
        {children}
      </div>
    </div>
  );
}
