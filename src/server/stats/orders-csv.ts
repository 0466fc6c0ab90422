import type { Kysely } from 'kysely';
import { chosenOptionsText } from '../../shared/dish-option-rules.ts';
import { centsToPrice, formatPrice } from '../../shared/money.ts';
import { FULFILMENT_LABELS, ORDER_STATUS_LABELS, type FulfilmentType, type OrderStatus } from '../../shared/order-workflow.ts';
import type { DateRange } from '../../shared/stats.ts';
import type { TaxSummary } from '../../shared/order-totals.ts';
import type { Database } from '../db/schema.ts';
import type { OrderLineRow } from '../orders/orders-repository.ts';
import { formatWall, instantsOf, ShopCalendar } from './shop-calendar.ts';
import { readOrdersAfter, type ExportOrderRow } from './stats-repository.ts';

/** Orders read from the database at a time: the memory an export holds, whatever its period. */
export const EXPORT_BATCH = 500;

const BOM = '\uFEFF';
const CRLF = '\r\n';

/**
 * A cell as a spreadsheet opens it safely: quoted (quotes doubled), and a text that a spreadsheet
 * would run as a formula (= + - @, or a tab or carriage return before one) starts with a ' instead.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

const csvRow = (cells: string[]) => cells.map(csvCell).join(',') + CRLF;

/**
 * The columns; with tax rates in the settings, the order's tax per rate (one column per rate by
 * its name now, "Tax, other rates" for rates renamed or removed since), its tax in all, and
 * whether its prices included the tax. A shop without rates exports as before.
 */
export function exportHeader(timeZone: string, taxRateNames: string[] = []): string[] {
  const taxes = taxRateNames.length > 0 ? [...taxRateNames.map((name) => `Tax ${name}`), 'Tax, other rates', 'Tax', 'Prices'] : [];
  return [
    `Date and time (${timeZone})`,
    'Order',
    'Status',
    'Fulfilment',
    'Dish',
    'Quantity',
    'Unit price',
    'Line total (gross, incl. tax)',
    'Delivery fee',
    'Order total (gross, incl. tax)',
    'Order net of refunds (incl. tax)',
    'Refund',
    'Order refunded',
    'Refunds',
    'Tip (as paid, before refunds)',
    'Discount code',
    'Order discount',
    ...taxes,
  ];
}

/** The order's tax cells (on its first row), as exportHeader names them. */
function taxCells(order: ExportOrderRow, taxRateNames: string[]): string[] {
  if (taxRateNames.length === 0) return [];
  const summary = order.taxes ? (JSON.parse(order.taxes) as TaxSummary) : undefined;
  const lines = summary?.lines ?? [];
  const of = (name: string) => lines.filter((line) => line.name === name).reduce((sum, line) => sum + line.taxCents, 0);
  const other = lines.filter((line) => !taxRateNames.includes(line.name)).reduce((sum, line) => sum + line.taxCents, 0);
  const cents = (value: number) => formatPrice(centsToPrice(value));
  return [...taxRateNames.map((name) => cents(of(name))), cents(other), cents(summary?.taxCents ?? 0), summary?.mode === 'added' ? 'before tax' : 'with tax'];
}

/**
 * The rows of one order, one per line. The refunds the provider confirmed (whole or partial, as
 * the statistics count them) are spread over the lines, each its share (the last line what is
 * left), so that the Refund column sums to the tile; the order's first row also carries its
 * delivery fee, its total as paid, that total less its refunds (the column that sums to the Revenue
 * tile), its sum refunded, how many refunds made it and its tip (inside the total, as paid, so
 * lines + delivery fee + tip (+ tax when added) make the total), and its promo code and discount
 * ("Discount code", "Order discount"); the other rows leave those empty.
 */
function orderRows(order: ExportOrderRow, when: string, taxRateNames: string[]): string[] {
  const lines = JSON.parse(order.lines) as OrderLineRow[];
  const refund = Number(order.refunded_cents);
  let refundLeft = refund;
  return lines.map((line, i) => {
    const lineCents = line.priceCents * line.quantity;
    const share = i === lines.length - 1 ? refundLeft : order.total_cents === 0 ? 0 : Math.round((refund * lineCents) / order.total_cents);
    refundLeft -= share;
    return csvRow([
      when,
      String(order.number),
      ORDER_STATUS_LABELS[order.status as OrderStatus] ?? order.status,
      FULFILMENT_LABELS[order.fulfilment_type as FulfilmentType] ?? order.fulfilment_type,
      // The options follow the dish's name, so the dish column still sorts and filters by dish.
      line.options && line.options.length > 0 ? `${line.name} (${chosenOptionsText(line.options)})` : line.name,
      String(line.quantity),
      formatPrice(centsToPrice(line.priceCents)),
      formatPrice(centsToPrice(lineCents)),
      i === 0 ? formatPrice(centsToPrice(Number(order.delivery_fee_cents))) : '',
      i === 0 ? formatPrice(centsToPrice(order.total_cents)) : '',
      i === 0 ? formatPrice(centsToPrice(order.total_cents - refund)) : '',
      formatPrice(centsToPrice(share)),
      i === 0 ? formatPrice(centsToPrice(refund)) : '',
      i === 0 ? String(Number(order.refunds_made)) : '',
      i === 0 ? formatPrice(centsToPrice(Number(order.tip_cents))) : '',
      // The promo code's discount is the order's, on its first row like the refunds' sum.
      i === 0 ? (order.promo_code ?? '') : '',
      i === 0 ? formatPrice(centsToPrice(Number(order.discount_cents))) : '',
      ...(i === 0 ? taxCells(order, taxRateNames) : taxRateNames.length > 0 ? new Array<string>(taxRateNames.length + 3).fill('') : []),
    ]);
  });
}

/**
 * The period's orders as CSV text, a batch of orders at a time: the next batch is read only when
 * the reply has taken the last (the stream pulls), so a year of orders holds no more memory than
 * a day's, and a client that goes away stops the reading.
 */
export async function* ordersCsv(db: Kysely<Database>, range: DateRange, timeZone: string, taxRateNames: string[] = []): AsyncGenerator<string> {
  const calendar = new ShopCalendar(range.from, range.to, timeZone);
  const instants = instantsOf(range, timeZone);
  yield BOM + csvRow(exportHeader(timeZone, taxRateNames));
  let after: { createdAt: string; number: number } | undefined;
  for (;;) {
    const batch = await readOrdersAfter(db, instants, after, EXPORT_BATCH);
    if (batch.length === 0) return;
    let text = '';
    for (const order of batch) text += orderRows(order, formatWall(calendar.locate(Date.parse(order.created_at)).wall), taxRateNames).join('');
    yield text;
    const last = batch.at(-1)!;
    after = { createdAt: last.created_at, number: Number(last.number) };
    if (batch.length < EXPORT_BATCH) return;
  }
}

/** The file's name: the shop's orders of the period. */
export function exportFileName(range: DateRange): string {
  return `orders-${range.from}-to-${range.to}.csv`;
}
