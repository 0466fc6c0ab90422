import { ORDER_STATUS_LABELS, type OrderStatus } from '../../../shared/order-workflow.ts';

const TONES: Record<OrderStatus, string> = {
  placed: 'bg-sky-100 text-sky-900',
  accepted: 'bg-brand-100 text-brand-900',
  preparing: 'bg-amber-100 text-amber-900',
  ready: 'bg-emerald-100 text-emerald-900',
  out_for_delivery: 'bg-violet-100 text-violet-900',
  completed: 'bg-stone-200 text-stone-800',
  rejected: 'bg-red-100 text-red-900',
  cancelled: 'bg-red-100 text-red-900',
};

/** `label` is the status in the reader's language (useOrderWords); the English name where no page gives one. */
export function StatusBadge({ status, label = ORDER_STATUS_LABELS[status] }: { status: OrderStatus; label?: string }) {
  return (
    <span data-testid="order-status" className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-bold uppercase tracking-wide ${TONES[status]}`}>
      {label}
    </span>
  );
}
