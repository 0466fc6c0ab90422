import { PRINTER_TEXTS } from '../../../shared/printers.ts';
import type { Order } from '../../../shared/orders.ts';
import { useToast } from '../../ui/toast.tsx';
import { usePrintAgain, usePrinterStatuses } from '../api/printers-api.ts';
import { orderNumber } from '../order-format.ts';

/** Sends an order's ticket to the kitchen printers again; shown only when a printer is set up. */
export function PrintAgainButton({ order, className }: { order: Pick<Order, '_id' | 'number'>; className: string }) {
  const printers = usePrinterStatuses();
  const print = usePrintAgain();
  const toast = useToast();
  if (!printers.data?.length) return null;
  return (
    <button
      type="button"
      disabled={print.isPending}
      className={className}
      onClick={() =>
        print.mutate(order, {
          onSuccess: () => toast.success(`${orderNumber(order)}: ${PRINTER_TEXTS.printQueued}`),
          onError: (error) => toast.error(`${orderNumber(order)}: ${error.message}`),
        })
      }
    >
      {PRINTER_TEXTS.printAgain}
      <span className="sr-only"> the ticket of {orderNumber(order)}</span>
    </button>
  );
}
