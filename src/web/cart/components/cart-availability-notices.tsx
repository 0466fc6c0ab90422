import { useEffect, useRef } from 'react';
import type { CartEntry } from '../../../shared/cart-constants.ts';
import type { Unavailable } from '../../../shared/dish-availability.ts';
import type { MessageId } from '../../../shared/i18n/catalogue.ts';
import { useT } from '../../i18n/i18n.ts';
import { useCartRemovals, useForgetCartRemoval } from '../api/cart-removals-api.ts';

/** Why a dish cannot be ordered, in the catalogue. */
const UNAVAILABLE_IDS: Record<Unavailable, MessageId> = { 'sold-out': 'cart.unavailable.sold-out', hidden: 'cart.unavailable.hidden' };

/**
 * The cart's entries that stop the payment (docs/product.md §18): a dish sold out or taken off the
 * menu since it went into the cart. The server refuses to take payment while one is there.
 */
export function UnavailableNotice({ entries }: { entries: readonly CartEntry[] }) {
  const t = useT();
  const blocked = [...new Map(entries.filter((e) => e.unavailable).map((e) => [e.itemId, e])).values()];
  if (blocked.length === 0) return null;
  return (
    <div role="alert" data-testid="unavailable-notice" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
      <p className="font-semibold">{t('cart.unavailable.title')}</p>
      <ul className="mt-1 list-disc pl-5">
        {blocked.map((entry) => (
          <li key={entry.itemId}>
            {t('cart.unavailable.line', { name: entry.name, reason: t(UNAVAILABLE_IDS[entry.unavailable!]) })}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The mark on a cart line whose dish cannot be ordered now. */
export function UnavailableMark({ entry }: { entry: CartEntry }) {
  const t = useT();
  if (!entry.unavailable) return null;
  return <span className="mt-1 block text-xs font-bold uppercase text-red-700">{t(UNAVAILABLE_IDS[entry.unavailable])}</span>;
}

/**
 * Dishes the restaurant deleted while they were in the customer's cart: named once. Each notice is
 * forgotten on the server as soon as it is shown, and stays on screen until the customer leaves.
 */
export function RemovedDishesNotice() {
  const t = useT();
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
      {names.length === 1 ? t('cart.removed.one', { name: names[0] }) : t('cart.removed.many', { names: names.join(', ') })}
    </div>
  );
}
