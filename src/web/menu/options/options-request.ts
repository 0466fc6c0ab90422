import { useSyncExternalStore } from 'react';
import type { MenuItem } from '../../../shared/menu.ts';

/**
 * Which dish's choice dialog is open, if any: one for the whole app, opened by the add-to-cart
 * hook of whatever page the dish is on and drawn by `DishOptionsHost`. The element that had the
 * focus gets it back when the dialog goes.
 */
export interface OptionsRequest {
  item: MenuItem;
  returnFocus: HTMLElement | null;
}

let current: OptionsRequest | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** Opens the dialog to choose `item`'s options before it goes into the cart. */
export function chooseDishOptions(item: MenuItem): void {
  current = { item, returnFocus: document.activeElement instanceof HTMLElement ? document.activeElement : null };
  notify();
}

/** Closes it and gives the focus back to where it was. */
export function closeDishOptions(): void {
  const focus = current?.returnFocus;
  current = null;
  notify();
  // After the dialog has gone: while it is open, everything outside it is inert and cannot take focus.
  if (focus) setTimeout(() => focus.isConnected && focus.focus(), 0);
}

export function useOptionsRequest(): OptionsRequest | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => null,
  );
}

/** Whether a dish asks for choices before it goes into the cart. */
export const hasOptions = (item: MenuItem): boolean => (item.options?.length ?? 0) > 0;
