import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import type { KitchenTicket } from '../../shared/kitchen-ticket.ts';

/** 80 mm paper at Font A: the common kitchen printer's width. */
const COLUMNS = 42;

function encoder() {
  return new ReceiptPrinterEncoder({ language: 'esc-pos', columns: COLUMNS }).initialize();
}

/** The ticket's ESC/POS bytes: the same content as the printable ticket page, then a cut. */
export function ticketBytes(ticket: KitchenTicket): Uint8Array {
  const e = encoder()
    .align('center')
    .size(2, 2)
    .bold(true)
    .line(ticket.number)
    .size(1, 1)
    .line(ticket.heading.toUpperCase());
  if (ticket.scheduled) e.line(ticket.scheduled);
  e.bold(false).line(ticket.placed).line(ticket.customer).align('left').rule();
  for (const line of ticket.lines) {
    e.bold(true).line(`${line.quantity}x ${line.name}`).bold(false);
    for (const option of line.options) e.line(`    ${option}`);
  }
  if (ticket.note) e.rule().bold(true).line(ticket.note).bold(false);
  for (const text of ticket.delivery) e.line(text);
  const columns = [
    { width: COLUMNS - 14, align: 'left' as const },
    { width: 14, align: 'right' as const },
  ];
  if (ticket.discount) e.rule().table(columns, [[ticket.discount.label, ticket.discount.amount]]);
  if (ticket.taxes.length > 0) e.rule().table(columns, ticket.taxes.map((tax) => [tax.label, tax.amount]));
  if (ticket.tip) e.rule().table(columns, [[ticket.tip.label, ticket.tip.amount]]);
  e.rule().table(columns, [[ticket.status, ticket.total]]);
  if (ticket.seller.length > 0) {
    e.align('center');
    for (const line of ticket.seller) e.line(line);
  }
  return e.newline(3).cut().encode();
}

/** A test page: the printer's name and the time, so the administrator sees the right one answered. */
export function testPageBytes(printerName: string, at: string): Uint8Array {
  return encoder().align('center').bold(true).line('Test page').bold(false).line(printerName).line(at).newline(3).cut().encode();
}
