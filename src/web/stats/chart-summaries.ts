import { FULFILMENT_LABELS } from '../../shared/order-workflow.ts';
import type { AdminStats, DishFigure } from '../../shared/stats.ts';
import { WEEKDAYS } from '../../shared/stats-periods.ts';
import { count, counted, DISHES, formatRange, money, ORDERS, PLATES, shortDay } from './stats-format.ts';

/** The words a screen reader reads for each chart: what it shows and what stands out. */

export function seriesLabel(stats: AdminStats, label: string): string {
  return stats.granularity === 'day' ? shortDay(label) : label;
}

export function seriesSummary(stats: AdminStats, what: 'revenue' | 'orders'): string {
  const points = stats.series;
  const format = what === 'revenue' ? money : count;
  const per = stats.granularity === 'day' ? 'day' : 'hour';
  const total = points.reduce((sum, p) => sum + p[what], 0);
  if (points.every((p) => p[what] === 0)) return `No ${what} ${formatRange(stats.period)}.`;
  const highest = points.reduce((best, p) => (p[what] > best[what] ? p : best));
  const lowest = points.reduce((least, p) => (p[what] < least[what] ? p : least));
  return `${what === 'revenue' ? 'Revenue' : 'Orders'} per ${per}, ${formatRange(stats.period)}: ${format(Math.round(total * 100) / 100)} in all; highest ${seriesLabel(stats, highest.label)} with ${format(highest[what])}, lowest ${seriesLabel(stats, lowest.label)} with ${format(lowest[what])}.`;
}

export function dishesSummary(dishes: DishFigure[], by: 'quantity' | 'revenue'): string {
  if (dishes.length === 0) return 'No dishes sold in this period.';
  const list = dishes.map((d, i) => `${i + 1}. ${d.name}, ${by === 'quantity' ? counted(d.quantity, PLATES) : money(d.revenue)}`);
  return `Top ${counted(dishes.length, DISHES)} by ${by === 'quantity' ? 'plates sold' : 'revenue'}: ${list.join('; ')}.`;
}

export function fulfilmentSummary(stats: AdminStats): string {
  const total = stats.fulfilment.reduce((sum, f) => sum + f.orders, 0);
  if (total === 0) return 'No orders in this period.';
  return `Share of orders: ${stats.fulfilment.map((f) => `${FULFILMENT_LABELS[f.type]} ${Math.round((f.orders / total) * 100)}% (${count(f.orders)})`).join(', ')}.`;
}

export function busiestSummary(stats: AdminStats): string {
  const cells = stats.busiestHours.flatMap((hours, weekday) => hours.map((orders, hour) => ({ weekday, hour, orders })));
  const busiest = cells.filter((c) => c.orders > 0).sort((a, b) => b.orders - a.orders).slice(0, 3);
  if (busiest.length === 0) return 'No orders in this period.';
  return `Busiest hours: ${busiest.map((c) => `${WEEKDAYS[c.weekday]} ${String(c.hour).padStart(2, '0')}:00 with ${counted(c.orders, ORDERS)}`).join('; ')}.`;
}
