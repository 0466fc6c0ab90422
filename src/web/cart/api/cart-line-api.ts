import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';
import type { CartLine } from '../cart-lines.ts';

/**
 * Deletes a whole line: the spec's DELETE /api/cart/{id} for each of its entries, then one refresh
 * of the cart. Answers how many were deleted (deletedCount summed).
 */
export function useDeleteCartLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (line: CartLine) => {
      let deleted = 0;
      try {
        for (const entry of line.entries) {
          deleted += (await apiRequest<{ deletedCount: number }>(`/cart/${encodeURIComponent(entry._id)}`, { method: 'DELETE' })).deletedCount;
        }
      } finally {
        await queryClient.invalidateQueries({ queryKey: ['cart'] });
      }
      return { deletedCount: deleted };
    },
  });
}
