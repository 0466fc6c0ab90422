import { useEffect, useRef } from 'react';
import type { CartEntry } from '../../../shared/cart-constants.ts';
import { UNAVAILABLE_LABELS } from '../../../shared/dish-availability.ts';
import { useCartRemovals, useForgetCartRemoval } from '../api/cart-removals-api.ts';

/**
 * The cart's entries that stop the payment (docs/product.md §18): a dish sold out or taken off the
 * menu since it went into the cart. The server refuses to take payment while one is there.
 */
export function UnavailableNotice({ entries }: { entries: readonly CartEntry[] }) {
  const blocked = [...new Map(entries.filter((e) => e.unavailable).map((e) => [e.itemId, e])).values()];
  if (blocked.length === 0) return null;
  return (
    <div role="alert" data-testid="unavailable-notice" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
      <p className="font-semibold">Remove these dishes to pay:</p>
      <ul className="mt-1 list-disc pl-5">
        {blocked.map((entry) => (
          <li key={entry.itemId}>
            {entry.name}: {UNAVAILABLE_LABELS[entry.unavailable!]}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The mark on a cart line whose dish cannot be ordered now. */
export function UnavailableMark({ entry }: { entry: CartEntry }) {
  if (!entry.unavailable) return null;
  return <span className="mt-1 block text-xs font-bold uppercase text-red-700">{UNAVAILABLE_LABELS[entry.unavailable]}</span>;
}

/**
 * Dishes the restaurant deleted while they were in the customer's cart: named once. Each notice is
 * forgotten on the server as soon as it is shown, and stays on screen until the customer leaves.
 */
export function RemovedDishesNotice() {
  const removals = useCartRemovals();
  const { mutate: forget } = useForgetCartRemoval();
  const told = useRef(new Set<string>());
  useEffect(() => {
    for (const removal of removals.data ?? []) {
      if (told.current.has(removal._id)) continue;
      told.current.add(removal._id);
      forget(removal._id);
    }
  }, [removals.data, forget]);
  const names = (removals.data ?? []).map((removal) => removal.name);
  if (names.length === 0) return null;
  return (
    <div role="status" data-testid="removed-dishes-notice" className="rounded-lg border border-stone-300 bg-stone-100 p-3 text-sm text-stone-800">
      {names.length === 1 ? `${names[0]} is no longer on the menu, so it was taken out of your cart.` : `These dishes are no longer on the menu, so they were taken out of your cart: ${names.join(', ')}.`}
    </div>
  );
}
