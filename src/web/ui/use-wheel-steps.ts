import { useEffect, useRef, type RefObject } from 'react';

/** Wheel travel that counts as one step, and the pause after a step (trackpads send bursts). */
const STEP_DELTA = 40;
const COOLDOWN_MS = 600;

/**
 * Mouse-wheel control of a slider: one step per wheel gesture. The page keeps scrolling when
 * the slider is at its first slide and the wheel goes up, or at its last and the wheel goes
 * down, so a visitor is never trapped inside the slider.
 */
export function useWheelSteps(
  ref: RefObject<HTMLElement | null>,
  state: { index: number; count: number; onStep: (direction: 1 | -1) => void },
): void {
  const latest = useRef(state);
  useEffect(() => {
    latest.current = state;
  });

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let travel = 0;
    let lastStep = -Infinity;
    const onWheel = (event: WheelEvent) => {
      const { index, count, onStep } = latest.current;
      const delta = Math.abs(event.deltaY) >= Math.abs(event.deltaX) ? event.deltaY : event.deltaX;
      const direction = delta > 0 ? 1 : -1;
      const atEdge = (direction === -1 && index === 0) || (direction === 1 && index === count - 1);
      if (atEdge || delta === 0) return;
      event.preventDefault();
      const now = performance.now();
      if (now - lastStep < COOLDOWN_MS) return;
      travel += delta;
      if (Math.abs(travel) < STEP_DELTA) return;
      travel = 0;
      lastStep = now;
      onStep(direction);
    };
    // Not passive: the wheel that moves the slider must not also scroll the page.
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [ref]);
}
