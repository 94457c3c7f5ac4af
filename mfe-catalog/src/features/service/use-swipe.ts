import { useRef, type PointerEvent, type TouchEvent } from 'react';

interface SwipeOptions {
  /** the finger or pointer moved left by at least `threshold` px: show the next item */
  onNext: () => void;
  /** moved right by at least `threshold` px: show the previous item */
  onPrevious: () => void;
  threshold: number;
  /** told when a gesture starts (e.g. to fetch the neighbouring pictures) */
  onStart?: () => void;
}

export interface SwipeHandlers {
  onTouchStart: (event: TouchEvent) => void;
  onTouchEnd: (event: TouchEvent) => void;
  onTouchCancel: () => void;
  onPointerDown: (event: PointerEvent) => void;
  onPointerUp: (event: PointerEvent) => void;
  onPointerCancel: () => void;
}

/**
 * Horizontal swipes from touch events and pointer events (mouse, pen, and touch where a browser
 * sends only pointer events). A finger usually produces both kinds; they share one start point
 * and the first end to arrive consumes it, so one gesture never counts twice. A gesture that is
 * more vertical than horizontal is a scroll, not a swipe; a pointercancel (the browser took the
 * gesture over for scrolling) drops it.
 */
export function useSwipe({ onNext, onPrevious, threshold, onStart }: SwipeOptions): SwipeHandlers {
  const start = useRef<{ x: number; y: number } | null>(null);

  function begin(x: number, y: number) {
    start.current = { x, y };
    onStart?.();
  }

  function finish(x: number, y: number) {
    const from = start.current;
    start.current = null;
    if (!from) return;
    const dx = x - from.x;
    const dy = y - from.y;
    if (Math.abs(dx) < threshold || Math.abs(dy) > Math.abs(dx)) return;
    if (dx < 0) onNext();
    else onPrevious();
  }

  const cancel = () => {
    start.current = null;
  };

  return {
    onTouchStart: (event) => {
      const touch = event.touches[0] ?? event.changedTouches[0];
      if (touch) begin(touch.clientX, touch.clientY);
    },
    onTouchEnd: (event) => {
      const touch = event.changedTouches[0];
      if (touch) finish(touch.clientX, touch.clientY);
      else cancel();
    },
    onTouchCancel: cancel,
    onPointerDown: (event) => {
      if (event.pointerType === 'mouse' && event.button !== 0) return;
      begin(event.clientX, event.clientY);
    },
    onPointerUp: (event) => finish(event.clientX, event.clientY),
    onPointerCancel: cancel,
  };
}
