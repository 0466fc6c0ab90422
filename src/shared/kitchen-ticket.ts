/**
 * The kitchen ticket's content, read by the printable ticket page (src/web/orders/pages/order-ticket-page.tsx)
 * and the receipt printer (src/server/printers/escpos-ticket.ts), so paper and screen never drift.
 */
import { chosenFromApi, chosenOptionLines } from './dish-option-rules.ts';
import { formatPrice } from './money.ts';
import { taxLineWords } from './order-totals.ts';
import { TIP_PAGE_TEXTS } from './tips.ts';
import { PROMO_TEXTS } from './promo-codes.ts';

const money = (price: number) => `$ ${formatPrice(price)}`;
import { FULFILMENT_LABELS, ORDER_STATUS_LABELS } from './order-workflow.ts';
import { slotDateWords } from './order-slots.ts';
import { scheduledTimeOf, ticketAddressLine } from './order-facts.ts';
import type { Order } from './orders.ts';

export interface KitchenTicket {
  /** "#1001" */
  number: string;
  /** "TABLE · Table 4", "PICKUP · 12:30", "PICKUP · ASAP", "DELIVERY". */
  heading: string;
  /** An order for a later slot: "For Sunday 29 November at 12:30", read on another day than the one it was placed. */
  scheduled?: string;
  /** "Placed 12:05 · Ready by 12:25" */
  placed: string;
  customer: string;
  lines: { quantity: number; name: string; options: string[] }[];
  /** "NOTE: …", or undefined without a note. */
  note?: string;
  /** The delivery's address and phone, one entry a line. */
  delivery: string[];
  status: string;
  /** The promo code's discount inside the total ("Discount (SPROUT10)", "-$ 2.35"); printer-safe ASCII minus. */
  discount?: { label: string; amount: string };
  /** One row per tax rate, as the order page words it; empty for an order without taxes. */
  taxes: { label: string; amount: string }[];
  /** The restaurant as receipts name it (legal name, address, phone, tax number); empty when not given. */
  seller: string[];
  /** The customer's tip inside the total ("Tip", "$ 4.56"); undefined without one. */
  tip?: { label: string; amount: string };
  total: string;
}

export { ticketAddressLine } from './order-facts.ts';

/**
 * `time` formats an ISO instant as a clock time: the browser's locale on the page, the restaurant's
 * zone on the printer; `timeZone` is the one a later slot's day is named in.
 */
export function kitchenTicket(order: Order, time: (iso: string) => string, timeZone: string, seller: string[] = []): KitchenTicket {
  const { fulfilment } = order;
  let heading = FULFILMENT_LABELS[fulfilment.type];
  if (fulfilment.type === 'table') heading += ` · Table ${fulfilment.table ?? ''}`;
  const scheduledAt = scheduledTimeOf(fulfilment);
  if (fulfilment.type === 'pickup') heading += ` · ${scheduledAt ? time(scheduledAt) : 'ASAP'}`;
  const delivery: string[] = [];
  if (fulfilment.type === 'delivery') {
    if (fulfilment.address) delivery.push(ticketAddressLine(fulfilment.address));
    if (fulfilment.phone) delivery.push(fulfilment.phone);
  }
  return {
    number: `#${order.number}`,
    heading,
    scheduled: scheduledAt ? `For ${slotDateWords(scheduledAt, timeZone)}` : undefined,
    placed: `Placed ${time(order.createdAt)}${order.readyBy ? ` · Ready by ${time(order.readyBy)}` : ''}`,
    customer: order.customer.name,
    lines: order.lines.map((line) => ({
      quantity: line.quantity,
      name: line.name,
      options: line.options?.length ? chosenOptionLines(chosenFromApi(line.options), { prices: false }) : [],
    })),
    note: order.note ? `NOTE: ${order.note}` : undefined,
    delivery,
    status: ORDER_STATUS_LABELS[order.status],
    discount: order.discount !== undefined && order.promoCode ? { label: PROMO_TEXTS.discountLine(order.promoCode), amount: `-${money(order.discount)}` } : undefined,
    taxes: (order.taxes?.lines ?? []).map((line) => ({ label: taxLineWords(line, order.taxes!.mode, money), amount: money(line.tax) })),
    seller,
    tip: order.tip !== undefined ? { label: TIP_PAGE_TEXTS.row, amount: money(order.tip) } : undefined,
    total: `$ ${formatPrice(order.total)}`,
  };
}
