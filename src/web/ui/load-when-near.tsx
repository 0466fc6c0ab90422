import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';

interface LoadWhenNearProps {
  children: ReactNode;
  /** Space kept for the section until it is there, so the page below does not jump. */
  minHeight: string;
  label: string;
}

/**
 * Renders its children (usually a `lazy` component) only when the visitor scrolls within a
 * screen of it. The first load of a page then carries only the code of what is on screen,
 * which keeps public pages within their JavaScript budget (docs/product.md §15).
 */
export function LoadWhenNear({ children, minHeight, label }: LoadWhenNearProps) {
  const placeholder = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const element = placeholder.current;
    if (!element || near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '800px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);

  // A plain block may not carry a label (axe: aria-prohibited-attr): its words are read instead.
  const reserve = (
    <div ref={placeholder} aria-busy="true" style={{ minHeight }}>
      <span className="sr-only">{label}: loading…</span>
    </div>
  );
  if (!near) return reserve;
  return <Suspense fallback={reserve}>{children}</Suspense>;
}
