import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';

type ToastKind = 'success' | 'error';
interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}
interface ToastApi {
  success(message: string): void;
  error(message: string): void;
}

const ToastContext = createContext<ToastApi | null>(null);

/** Short messages of the spec ('login successfully', 'SignOut successfully'…), read out by screen readers. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(1);
  const show = useCallback((kind: ToastKind, message: string) => {
    const id = next.current++;
    setToasts((list) => [...list, { id, kind, message }]);
    setTimeout(() => setToasts((list) => list.filter((t) => t.id !== id)), kind === 'error' ? 6000 : 3500);
  }, []);
  const api = useMemo<ToastApi>(
    () => ({ success: (m) => show('success', m), error: (m) => show('error', m) }),
    [show],
  );
  return (
    <ToastContext.Provider value={api}>
      {children}
      {/* Above the cart's bar on a phone (cart/components/view-cart-bar.tsx), not over it. */}
      <div aria-live="polite" role="status" aria-label="Notifications" className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex flex-col items-center gap-2 px-4 max-lg:[body:has(.view-cart-bar)_&]:bottom-24">
        {toasts.map((t) => (
          <p
            key={t.id}
            className={`pointer-events-auto rounded-md px-4 py-3 text-sm font-semibold shadow-lg ${
              t.kind === 'success' ? 'bg-brand-800 text-white' : 'bg-red-700 text-white'
            }`}
          >
            {t.message}
          </p>
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
