import { useCallback, useEffect, useState } from 'react';
import { usePrefersReducedMotion } from './use-reduced-motion.ts';

export interface Slider {
  index: number;
  goTo: (index: number) => void;
  next: () => void;
  previous: () => void;
  /** Whether autoplay runs now (not paused by the visitor, a hover or a focus). */
  playing: boolean;
  /** The visitor's own choice: stop or restart autoplay (WCAG 2.2.2 asks for a pause control). */
  autoplayOn: boolean;
  toggleAutoplay: () => void;
  /** Spread on the slider's root: a pointer or the keyboard inside holds the slide still. */
  holdHandlers: {
    onMouseEnter: () => void;
    onMouseLeave: () => void;
    onFocus: () => void;
    onBlur: (event: React.FocusEvent) => void;
  };
}

/**
 * State of a looping slider with autoplay. Autoplay is off by default for visitors who prefer
 * reduced motion; they can still start it. The timer restarts after every change of slide, so
 * a slide chosen by hand stays its full interval.
 */
export function useSlider(count: number, intervalMs: number): Slider {
  const reducedMotion = usePrefersReducedMotion();
  const [index, setIndex] = useState(0);
  const [choice, setChoice] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const autoplayOn = choice ?? !reducedMotion;
  const playing = autoplayOn && !hovered && !focused && count > 1;

  const goTo = useCallback((target: number) => setIndex(count > 0 ? ((target % count) + count) % count : 0), [count]);
  const next = useCallback(() => setIndex((i) => (count > 0 ? (i + 1) % count : 0)), [count]);
  const previous = useCallback(() => setIndex((i) => (count > 0 ? (i - 1 + count) % count : 0)), [count]);

  useEffect(() => {
    if (!playing) return;
    const timer = setTimeout(next, intervalMs);
    return () => clearTimeout(timer);
  }, [playing, index, intervalMs, next]);

  return {
    index: count > 0 ? Math.min(index, count - 1) : 0,
    goTo,
    next,
    previous,
    playing,
    autoplayOn,
    toggleAutoplay: () => setChoice(!autoplayOn),
    holdHandlers: {
      onMouseEnter: () => setHovered(true),
      onMouseLeave: () => setHovered(false),
      onFocus: () => setFocused(true),
      onBlur: (event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      },
    },
  };
}
