import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useT } from '../i18n/i18n.ts';

type ToastKind = 'success' | 'error';
interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  shownAt: number;
  /** What the message is about while it lasts ('signed-out'): `resolved` takes it away. */
  reason?: string;
}
interface ToastApi {
  success(message: string, options?: { reason?: string }): void;
  error(message: string): void;
  /** The reason has passed (the visitor signed in): its messages go at once. */
  resolved(reason: string): void;
}

/** How long a success message stays once nobody is reading it (pointer and focus elsewhere). */
const SUCCESS_TOAST_MS = 5000;
/** One message at a time: a newer one takes the place of the last, so they never stack over the page. */
const MOST_TOASTS = 1;

const ToastContext = createContext<ToastApi | null>(null);

/** What a message must never lie over (issue 43, point 2): the page's links, buttons and fields. */
const CONTROLS = 'a[href], button, input, select, textarea, summary, [role="button"], [role="switch"], [role="link"], [role="checkbox"], [role="tab"]';
/** Room kept between a message and a control. */
const CLEARANCE = 8;

/**
 * The lowest distance from the window's bottom edge, `start` or more, at which the messages lie
 * over no control of the page (the cart's + / − and delete buttons, a dish's Take on table, the
 * View cart bar); `start` when no such place exists. Candidates are just above each control.
 */
function clearBottom(container: HTMLElement, start: number): number {
  const messages = [...container.children].map((child) => child.getBoundingClientRect());
  if (messages.length === 0) return start;
  const left = Math.min(...messages.map((r) => r.left));
  const right = Math.max(...messages.map((r) => r.right));
  const height = container.getBoundingClientRect().height;
  const viewport = document.documentElement.clientHeight;
  const controls = [...document.querySelectorAll<HTMLElement>(CONTROLS)]
    .filter((control) => !container.contains(control))
    .map((control) => control.getBoundingClientRect())
    // Skip links and other hidden ones are a pixel or nothing.
    .filter((r) => r.width > 1 && r.height > 1 && r.bottom > 0 && r.top < viewport && r.left < right && r.right > left);
  const fits = (bottom: number) => {
    const top = viewport - bottom - height;
    return !controls.some((r) => r.top < viewport - bottom + CLEARANCE && r.bottom > top - CLEARANCE);
  };
  const candidates = [start, ...controls.map((r) => viewport - r.top + CLEARANCE)].filter((bottom) => bottom >= start && bottom + height <= viewport).sort((a, b) => a - b);
  return candidates.find(fits) ?? start;
}

/**
 * No message leaves while it is being read (WCAG 2.2.1, docs/accessibility.md): a success leaves
 * 5 s after pointer and focus have left the messages; an error stays until closed.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const t = useT();
  const [held, setHeld] = useState({ pointer: false, focus: false });
  const isHeld = held.pointer || held.focus;
  const next = useRef(1);

  const show = useCallback((kind: ToastKind, message: string, reason?: string) => {
    const id = next.current++;
    setToasts((list) => [...list, { id, kind, message, shownAt: Date.now(), reason }].slice(-MOST_TOASTS));
  }, []);
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  const resolved = useCallback((reason: string) => setToasts((list) => list.filter((t) => t.reason !== reason)), []);

  /**
   * The Close button: its message goes, and the focus it held moves to the next message's button,
   * or to the page's content (its main, focusable in both layouts), not to nowhere. The removed
   * button fires no blur or pointer leave, so the messages are let go here.
   */
  function close(id: number, button: HTMLButtonElement) {
    // Let go first: the focus moved onto another message below holds the messages again.
    setHeld({ pointer: false, focus: false });
    if (document.activeElement === button) {
      const others = [...(button.closest('[role="status"]')?.querySelectorAll('button') ?? [])].filter((other) => other !== button);
      (others.at(-1) ?? document.querySelector<HTMLElement>('main'))?.focus();
    }
    dismiss(id);
  }

  // A success message's time runs from when it was shown or from when the messages were last let
  // go, whichever is later.
  const releasedAt = useRef(0);
  const wasHeld = useRef(false);
  useEffect(() => {
    if (isHeld) {
      wasHeld.current = true;
      return;
    }
    if (wasHeld.current) {
      wasHeld.current = false;
      releasedAt.current = Date.now();
    }
    const timers = toasts
      .filter((t) => t.kind === 'success')
      .map((t) => setTimeout(() => dismiss(t.id), Math.max(t.shownAt, releasedAt.current) + SUCCESS_TOAST_MS - Date.now()));
    return () => timers.forEach(clearTimeout);
  }, [toasts, isHeld, dismiss]);

  // Kept clear of the page's controls: placed when a message comes, and again whenever the page
  // scrolls, resizes or changes under it.
  const region = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const container = region.current;
    if (!container || toasts.length === 0) return;
    let frame = 0;
    const place = () => {
      frame = 0;
      container.style.bottom = '';
      const start = Number.parseFloat(getComputedStyle(container).bottom) || 0;
      container.style.bottom = `${clearBottom(container, start)}px`;
    };
    const later = () => {
      if (!frame) frame = requestAnimationFrame(place);
    };
    place();
    // Its own moves (and its messages) are no change of the page.
    const changes = new MutationObserver((records) => {
      if (records.some((record) => !container.contains(record.target))) later();
    });
    changes.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['class', 'style', 'hidden', 'open'] });
    // Captured: the dashboard scrolls inside its own element, whose scroll does not bubble.
    window.addEventListener('scroll', later, { passive: true, capture: true });
    window.addEventListener('resize', later);
    return () => {
      cancelAnimationFrame(frame);
      changes.disconnect();
      window.removeEventListener('scroll', later, { capture: true });
      window.removeEventListener('resize', later);
    };
  }, [toasts]);

  const api = useMemo<ToastApi>(
    () => ({ success: (m, options) => show('success', m, options?.reason), error: (m) => show('error', m), resolved }),
    [show, resolved],
  );
  return (
    <ToastContext.Provider value={api}>
      {children}
      {/* Above the cart's bar on a phone (cart/components/view-cart-bar.tsx), and clear of every other control (clearBottom). */}
      <div
        ref={region}
        aria-live="polite"
        role="status"
        aria-label={t('ui.notifications')}
        // Whether the messages are held (pointed at or focused): their time stands still meanwhile.
        data-held={isHeld}
        onPointerEnter={() => setHeld((h) => ({ ...h, pointer: true }))}
        onPointerLeave={() => setHeld((h) => ({ ...h, pointer: false }))}
        onFocus={() => setHeld((h) => ({ ...h, focus: true }))}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHeld((h) => ({ ...h, focus: false }));
        }}
        className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex flex-col items-center gap-2 px-4 max-lg:[body:has(.view-cart-bar)_&]:bottom-24"
      >
        {toasts.map((toast) => (
          <div
            key={toast.id}
            className={`pointer-events-auto flex max-w-full items-center gap-2 rounded-md py-1 pl-4 pr-1 text-sm font-semibold shadow-lg ${
              toast.kind === 'success' ? 'bg-brand-800 text-white' : 'bg-red-700 text-white'
            }`}
          >
            <p className="py-2">{toast.message}</p>
            <button
              type="button"
              onClick={(event) => close(toast.id, event.currentTarget)}
              aria-label={t('ui.closeMessage')}
              className="grid size-8 shrink-0 place-items-center rounded text-lg leading-none hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-white"
            >
              <span aria-hidden="true">×</span>
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast outside ToastProvider');
  return api;
}
