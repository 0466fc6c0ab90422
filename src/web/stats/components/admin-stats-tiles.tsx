import type { ReactNode } from 'react';
import type { MessageId, Translate } from '../../../shared/i18n/catalogue.ts';
import type { Language } from '../../../shared/i18n/languages.ts';
import type { AdminStats, Figure } from '../../../shared/stats.ts';
import { useLanguage, useT } from '../../i18n/i18n.ts';
import { count, describeChange, money } from '../stats-format.ts';

interface Tile {
  label: MessageId;
  testId: string;
  value: string;
  /** A line under the value saying what it counts. */
  note: string;
  /** The change against the previous period; none for a figure that has no history. */
  figure?: Figure;
  format?: (n: number) => string;
  tone: string;
  icon: ReactNode;
}

const icon = (d: string) => (
  <svg aria-hidden="true" width="32" height="32" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" className="shrink-0">
    <path d={d} />
  </svg>
);

/** The customers' tips, once the period or the one before had any (docs/product.md, "Tips"). */
/** The tiles' words and numbers in the reader's language. */
interface Words {
  t: Translate;
  money: (n: number) => string;
  count: (n: number) => string;
}

function tipTile({ tips }: AdminStats['tiles'], { t, money }: Words): Tile[] {
  if (tips.value === 0 && !tips.previous) return [];
  return [
    {
      label: 'stats.tile.tips',
      testId: 'stat-tips',
      value: money(tips.value),
      note: t('stats.tile.tips.note'),
      figure: tips,
      format: money,
      tone: 'from-lime-800 to-green-700',
      icon: icon('M12 21s-7-4.5-9.5-9A5.5 5.5 0 0112 5.5 5.5 5.5 0 0121.5 12C19 16.5 12 21 12 21z'),
    },
  ];
}

function tilesOf(stats: AdminStats, words: Words): Tile[] {
  const { tiles } = stats;
  const { t, money, count } = words;
  return [
    {
      label: 'stats.tile.customer',
      testId: 'stat-customer',
      value: count(tiles.newCustomers.value),
      note: t('stats.tile.customer.note', { total: count(stats.customers) }),
      figure: tiles.newCustomers,
      format: count,
      tone: 'from-violet-700 to-fuchsia-600',
      icon: icon('M16 19v-1a4 4 0 00-4-4H6a4 4 0 00-4 4v1M9 10a3 3 0 100-6 3 3 0 000 6zM22 19v-1a4 4 0 00-3-3.9M16 4.1a3 3 0 010 5.8'),
    },
    {
      label: 'stats.tile.totalItems',
      testId: 'stat-total-items',
      value: count(stats.menuItems),
      note: t('stats.tile.totalItems.note'),
      tone: 'from-amber-700 to-orange-600',
      icon: icon('M4 7h16M4 12h16M4 17h10'),
    },
    {
      label: 'stats.tile.revenue',
      testId: 'stat-revenue',
      value: money(tiles.revenue.value),
      // Gross of tax (docs/product.md §28): the tax inside it is named once the period has any.
      note: tiles.tax.value > 0 ? t('stats.tile.revenue.noteTax', { tax: money(tiles.tax.value) }) : t('stats.tile.revenue.note'),
      figure: tiles.revenue,
      format: money,
      tone: 'from-rose-700 to-pink-600',
      icon: icon('M12 2v20M17 6H9.5a3.5 3.5 0 000 7h5a3.5 3.5 0 010 7H6'),
    },
    {
      label: 'stats.tile.totalOrders',
      testId: 'stat-total-orders',
      value: count(tiles.orders.value),
      note: t('stats.tile.totalOrders.note'),
      figure: tiles.orders,
      format: count,
      tone: 'from-sky-700 to-cyan-700',
      icon: icon('M6 2l1.5 4h9L18 2M3 6h18l-2 14H5L3 6zM9 10v6M15 10v6'),
    },
    {
      label: 'stats.tile.averageOrder',
      testId: 'stat-average-order',
      value: money(tiles.averageOrder.value),
      note: t('stats.tile.averageOrder.note'),
      figure: tiles.averageOrder,
      format: money,
      tone: 'from-emerald-800 to-teal-700',
      icon: icon('M3 3v18h18M7 15l4-4 3 3 5-6'),
    },
    {
      label: 'stats.tile.refunds',
      testId: 'stat-refunds',
      value: money(tiles.refunds.value),
      note: t('stats.tile.refunds.note', { count: stats.refundedOrders, shown: count(stats.refundedOrders) }),
      figure: tiles.refunds,
      format: money,
      tone: 'from-stone-700 to-stone-600',
      icon: icon('M3 12a9 9 0 109-9M3 4v5h5'),
    },
    ...tipTile(tiles, words),
    {
      label: 'stats.tile.discounts',
      testId: 'stat-discounts',
      value: money(tiles.discounts.value),
      // Off the menu's prices: gross of tax when prices include it, before tax when it is added (docs/product.md §30).
      note: t('stats.tile.discounts.note'),
      figure: tiles.discounts,
      format: money,
      tone: 'from-lime-800 to-green-700',
      icon: icon('M7 7h.01M3 11l8.6 8.6a2 2 0 002.8 0l5.2-5.2a2 2 0 000-2.8L11 3H3v8z'),
    },
  ];
}

const LOADING_TILES: MessageId[] = ['stats.tile.customer', 'stats.tile.totalItems', 'stats.tile.revenue', 'stats.tile.totalOrders', 'stats.tile.averageOrder', 'stats.tile.refunds'];

function wordsOf(t: Translate, language: Language): Words {
  return { t, money: (n) => money(n, language), count: (n) => count(n, language) };
}

/**
 * The admin home's tiles for the chosen period: the spec's four (Customer, Total Items, Revenue,
 * Total Orders) and two beside them, each with its change against the previous period of the same
 * length. `stats` undefined: the first answer is still on its way.
 */
export function AdminStatsTiles({ stats }: { stats: AdminStats | undefined }) {
  const t = useT();
  const language = useLanguage();
  if (!stats) {
    return (
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true" aria-label={t('stats.tiles')}>
        {LOADING_TILES.map((label) => (
          <li key={label} className="flex h-32 items-center gap-4 rounded-xl bg-stone-200 p-5">
            <span className="text-sm font-semibold uppercase tracking-wide text-stone-700">{t(label)}</span>
            <span aria-hidden="true" className="inline-block h-8 w-16 animate-pulse rounded bg-white/60" />
            <span className="sr-only">{t('stats.tiles.loading')}</span>
          </li>
        ))}
      </ul>
    );
  }
  const words = wordsOf(t, language);
  return (
    <ul className="mt-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label={t('stats.tiles')}>
      {tilesOf(stats, words).map((tile) => {
        const change = tile.figure && tile.format ? describeChange(tile.figure, tile.format, t) : undefined;
        return (
          <li key={tile.label} className={`flex items-center gap-4 rounded-xl bg-gradient-to-r p-5 text-white shadow ${tile.tone}`}>
            {tile.icon}
            <div className="min-w-0">
              <p className="text-sm font-semibold uppercase tracking-wide">{t(tile.label)}</p>
              <p className="text-3xl font-extrabold" data-testid={tile.testId}>
                {tile.value}
              </p>
              <p className="text-xs">{tile.note}</p>
              {change && (
                <p className="mt-1 text-sm font-semibold" data-testid={`${tile.testId}-change`}>
                  <span aria-hidden="true">{change.text}</span>
                  <span className="sr-only">{change.words}</span>
                </p>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
