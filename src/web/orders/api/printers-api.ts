import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Order } from '../../../shared/orders.ts';
import type { PrinterStatus } from '../../../shared/printers.ts';
import { apiRequest } from '../../lib/api-client.ts';

const printerStatusKey = ['staff', 'printers'] as const;

/** How often the board looks at the printers: a failure shows within this, without a reload. */
const STATUS_POLL_MS = 10_000;
/** The print is a job after the answer: its outcome is looked at again a moment later. */
const AFTER_PRINT_MS = 2_000;

/** GET /api/staff/printers: each kitchen printer's last success and failure. */
export function usePrinterStatuses() {
  return useQuery({
    queryKey: printerStatusKey,
    queryFn: ({ signal }) => apiRequest<PrinterStatus[]>('/staff/printers', { signal }),
    refetchInterval: STATUS_POLL_MS,
  });
}

/** POST /api/staff/orders/:id/print: the ticket again on every printer. */
export function usePrintAgain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: Pick<Order, '_id'>) => apiRequest<{ printers: number }>(`/staff/orders/${encodeURIComponent(order._id)}/print`, { method: 'POST' }),
    onSettled: () => {
      setTimeout(() => void queryClient.invalidateQueries({ queryKey: printerStatusKey }), AFTER_PRINT_MS);
    },
  });
}
