/**
 * An order's money from its lines, in integer cents, for the server (which stores it) and the web
 * app (which shows what the server sent). One rounding rule (docs/product.md, "Taxes"): each line's
 * tax is rounded half away from zero, and every total is the sum of its lines, so the receipt's
 * rows always add up to its total and a refund of a line is exactly the negative of the line.
 * Zod-free (decision 0007): the API's schema of the taxes is orderTaxesSchema in orders.ts.
 */
import { centsToPrice } from './money.ts';
import type { OrderTaxes } from './orders.ts';

/** Prices on the menu include tax (as in the EU, the default) or tax is added at checkout (as in the US). */
export const TAX_MODES = ['included', 'added'] as const;
export type TaxMode = (typeof TAX_MODES)[number];

/** A rate as the order keeps it: its name when sold, and its size in thousandths of a percent (7 % is 7000). */
export interface TaxRateRef {
  id: string;
  name: string;
  milliPercent: number;
}

export interface TotalsLine {
  /** The dish's price with its options, in cents, as the menu shows it (with tax when tax is included). */
  unitCents: number;
  /** Negative for a refund of the line. */
  quantity: number;
  /** No rate: the line is untaxed (a shop that has set no rates). */
  rate: TaxRateRef | null;
}

export interface TotalsInput {
  lines: readonly TotalsLine[];
  mode: TaxMode;
  /** Untaxed, on top of the dishes. */
  deliveryFeeCents?: number;
  /** Off the dishes, before tax: it lowers the taxed amount (spread over the lines, see spreadDiscount). */
  discountCents?: number;
  /** Untaxed, on top of everything. */
  tipCents?: number;
}

export interface LineTotals {
  /** The line's part of the discount. */
  discountCents: number;
  netCents: number;
  taxCents: number;
  grossCents: number;
}

/** The lines of one rate, summed; untaxed lines have rate null. */
export interface RateTotals {
  rate: TaxRateRef | null;
  netCents: number;
  taxCents: number;
  grossCents: number;
}

export interface OrderTotals {
  lines: LineTotals[];
  /** Per rate, in the order rates first appear among the lines. */
  rates: RateTotals[];
  /** The dishes before the discount, as the menu prices them (the sum of unit × quantity). */
  dishesCents: number;
  discountCents: number;
  netCents: number;
  taxCents: number;
  /** The dishes after the discount, with tax. */
  grossCents: number;
  deliveryFeeCents: number;
  tipCents: number;
  /** What is charged: gross + delivery fee + tip. */
  totalCents: number;
}

const HUNDRED_PERCENT = 100_000;

/** numerator / denominator rounded half away from zero, in integers (denominator > 0). */
export function divideRounded(numerator: number, denominator: number): number {
  const sign = numerator < 0 ? -1 : 1;
  const n = Math.abs(numerator);
  const quotient = Math.floor(n / denominator);
  const twiceRest = 2 * (n - quotient * denominator);
  return sign * (twiceRest >= denominator ? quotient + 1 : quotient);
}

/**
 * The discount over the lines in proportion to their amounts (each share rounded down), the cents
 * left over to the largest line (the first of equals), never more than a line's amount. Refund
 * lines (negative) take no part.
 */
export function spreadDiscount(amounts: readonly number[], discountCents: number): number[] {
  const base = amounts.reduce((sum, a) => sum + Math.max(0, a), 0);
  const discount = Math.min(Math.max(0, discountCents), base);
  if (discount === 0) return amounts.map(() => 0);
  const shares = amounts.map((a) => (a > 0 ? Math.floor((discount * a) / base) : 0));
  let left = discount - shares.reduce((sum, s) => sum + s, 0);
  // Largest first, so the remainder lands where it is the smallest part of the line.
  const byAmount = amounts.map((a, i) => i).sort((x, y) => amounts[y]! - amounts[x]! || x - y);
  for (const i of byAmount) {
    if (left === 0) break;
    const room = Math.max(0, amounts[i]!) - shares[i]!;
    const more = Math.min(room, left);
    shares[i]! += more;
    left -= more;
  }
  return shares;
}

function lineTax(amountCents: number, milliPercent: number, mode: TaxMode): number {
  if (milliPercent === 0) return 0;
  // Included: the price holds the tax, gross × r / (1 + r); added: net × r.
  return mode === 'included' ? divideRounded(amountCents * milliPercent, HUNDRED_PERCENT + milliPercent) : divideRounded(amountCents * milliPercent, HUNDRED_PERCENT);
}

/** The one function every figure of an order comes from (see the file's comment for the rule). */
export function orderTotals(input: TotalsInput): OrderTotals {
  const deliveryFeeCents = input.deliveryFeeCents ?? 0;
  const tipCents = input.tipCents ?? 0;
  const amounts = input.lines.map((line) => line.unitCents * line.quantity);
  const discounts = spreadDiscount(amounts, input.discountCents ?? 0);
  const lines = input.lines.map((line, i): LineTotals => {
    const amount = amounts[i]! - discounts[i]!;
    const tax = lineTax(amount, line.rate?.milliPercent ?? 0, input.mode);
    return input.mode === 'included'
      ? { discountCents: discounts[i]!, netCents: amount - tax, taxCents: tax, grossCents: amount }
      : { discountCents: discounts[i]!, netCents: amount, taxCents: tax, grossCents: amount + tax };
  });
  const rates: RateTotals[] = [];
  input.lines.forEach((line, i) => {
    const key = line.rate?.id ?? null;
    let sum = rates.find((r) => (r.rate?.id ?? null) === key);
    if (!sum) {
      sum = { rate: line.rate, netCents: 0, taxCents: 0, grossCents: 0 };
      rates.push(sum);
    }
    sum.netCents += lines[i]!.netCents;
    sum.taxCents += lines[i]!.taxCents;
    sum.grossCents += lines[i]!.grossCents;
  });
  const sum = (pick: (line: LineTotals) => number) => lines.reduce((total, line) => total + pick(line), 0);
  const grossCents = sum((l) => l.grossCents);
  return {
    lines,
    rates,
    dishesCents: amounts.reduce((total, a) => total + a, 0),
    discountCents: sum((l) => l.discountCents),
    netCents: sum((l) => l.netCents),
    taxCents: sum((l) => l.taxCents),
    grossCents,
    deliveryFeeCents,
    tipCents,
    totalCents: grossCents + deliveryFeeCents + tipCents,
  };
}

/** "7 %", "8.875 %": a rate's size as people write it. */
export function percentWords(milliPercent: number): string {
  return `${Number((milliPercent / 1000).toFixed(3))} %`;
}

/** The per-rate rows a receipt shows, taxed rates only (an untaxed shop shows none). */
export interface TaxLine {
  name: string;
  milliPercent: number;
  netCents: number;
  taxCents: number;
  grossCents: number;
}

export function taxLinesOf(totals: Pick<OrderTotals, 'rates'>): TaxLine[] {
  return totals.rates
    .filter((r): r is RateTotals & { rate: TaxRateRef } => r.rate !== null && r.rate.milliPercent > 0)
    .map((r) => ({ name: r.rate.name, milliPercent: r.rate.milliPercent, netCents: r.netCents, taxCents: r.taxCents, grossCents: r.grossCents }));
}

/** What an intent and its order keep of the totals (cents): enough for every receipt. */
export interface TaxSummary {
  mode: TaxMode;
  netCents: number;
  taxCents: number;
  lines: TaxLine[];
}

export function taxSummaryOf(totals: OrderTotals, mode: TaxMode): TaxSummary {
  return { mode, netCents: totals.netCents, taxCents: totals.taxCents, lines: taxLinesOf(totals) };
}

/** Undefined when nothing is taxed and prices include tax: the answer stays as it was before taxes. */
export function toOrderTaxes(summary: TaxSummary | null | undefined): OrderTaxes | undefined {
  if (!summary || (summary.lines.length === 0 && summary.mode === 'included')) return undefined;
  return {
    mode: summary.mode,
    net: centsToPrice(summary.netCents),
    tax: centsToPrice(summary.taxCents),
    lines: summary.lines.map((line) => ({
      name: line.name,
      percent: line.milliPercent / 1000,
      net: centsToPrice(line.netCents),
      tax: centsToPrice(line.taxCents),
      gross: centsToPrice(line.grossCents),
    })),
  };
}

/**
 * A receipt's tax row in words, the same on the order page, the board, the ticket and the mail:
 * "Food 7 % included, on $ 13.55 net" or "Food 7 % on $ 14.50".
 */
export function taxLineWords(line: OrderTaxes['lines'][number], mode: TaxMode, money: (price: number) => string): string {
  return mode === 'included' ? `${line.name} included, on ${money(line.net)} net` : `${line.name} on ${money(line.net)}`;
}

/** The seller's lines of a receipt: legal name, address, phone, "Tax number …"; empty ones left out. */
export function sellerLines(seller: { legalName: string; address: string; phone: string; taxNumber: string }): string[] {
  return [seller.legalName, seller.address, seller.phone ? `Phone ${seller.phone}` : '', seller.taxNumber ? `Tax number ${seller.taxNumber}` : ''].filter(Boolean);
}
