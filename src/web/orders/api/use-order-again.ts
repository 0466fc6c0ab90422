import { useMutation, useQueryClient } from '@tanstack/react-query';
import { chosenFromApi, selectionOf } from '../../../shared/dish-option-rules.ts';
import type { Order } from '../../../shared/orders.ts';
import { ApiRequestError, apiRequest } from '../../lib/api-client.ts';
import { menuQueryOptions } from '../../menu/api/get-menu.ts';

export interface OrderAgainResult {
  /** Units put into the cart. */
  added: number;
  /** Names of the dishes that are no longer on the menu, or no longer offered with their options. */
  missing: string[];
}

/**
 * Re-adds through the spec's POST /api/cart so today's prices apply. Dishes gone from the menu,
 * or whose options now refuse the same choice, are named instead.
 */
export function useOrderAgain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (order: Order): Promise<OrderAgainResult> => {
      const menu = await queryClient.fetchQuery({ ...menuQueryOptions, staleTime: 0 });
      const onMenu = new Set(menu.map((item) => item._id));
      const missing = new Set<string>();
      let added = 0;
      try {
        for (const line of order.lines) {
          if (!onMenu.has(line.itemId)) {
            missing.add(line.name);
            continue;
          }
          const body = line.options?.length ? { itemId: line.itemId, options: selectionOf(chosenFromApi(line.options)) } : { itemId: line.itemId };
          for (let unit = 0; unit < line.quantity; unit += 1) {
            try {
              await apiRequest<{ insertedId: string }>('/cart', { method: 'POST', body });
              added += 1;
            } catch (error) {
              if (!(error instanceof ApiRequestError && (error.status === 404 || error.status === 400))) throw error;
              missing.add(error.status === 400 ? `${line.name} (its options changed)` : line.name);
              break;
            }
          }
        }
      } finally {
        // Whatever went in shows in the badge and the cart, even when a later unit failed.
        await queryClient.invalidateQueries({ queryKey: ['cart'] });
      }
      return { added, missing: [...missing] };
    },
  });
}
