import type { Order } from '../../../shared/orders.ts';
import { useToast } from '../../ui/toast.tsx';
import { usePrintAgain, usePrinterStatuses } from '../api/printers-api.ts';
import { useT } from '../../i18n/i18n.ts';
import { orderNumber } from '../order-format.ts';

/** Sends an order's ticket to the kitchen printers again; shown only when a printer is set up. */
export function PrintAgainButton({ order, className }: { order: Pick<Order, '_id' | 'number'>; className: string }) {
  const t = useT();
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
          onSuccess: () => toast.success(t('board.printer.queued', { number: orderNumber(order) })),
          onError: (error) => toast.error(t('board.failed', { number: orderNumber(order), error: error.message })),
        })
      }
    >
      {t('board.printer.printAgain')}
      <span className="sr-only">{t('board.printer.printAgainSr', { number: orderNumber(order) })}</span>
    </button>
  );
}
