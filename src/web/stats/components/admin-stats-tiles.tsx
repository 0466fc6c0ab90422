import type { ReactNode } from 'react';
import { formatPrice } from '../../../shared/money.ts';
import { QueryError } from '../../ui/query-error.tsx';
import { useAdminStatistics } from '../api/stats-api.ts';

interface Tile {
  label: string;
  value: ReactNode;
  caption: string;
  tone: string;
  icon: ReactNode;
}

const icon = (d: string) => (
  <svg aria-hidden="true" width="32" height="32" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8">
    <path d={d} />
  </svg>
);

/**
 * The admin home's four tiles (docs/product.md §2.8): Customer, Total Items, Revenue, Total Orders.
 * The trend captions are the spec's hard-coded placeholders.
 */
export function AdminStatsTiles() {
  const stats = useAdminStatistics();
  if (stats.isError) return <QueryError title="The statistics could not be loaded" error={stats.error} onRetry={stats.refetch} />;
  const data = stats.data;
  const tiles: Tile[] = [
    {
      label: 'Customer',
      value: data?.users,
      caption: '↗︎ 400 (22%)',
      tone: 'from-violet-700 to-fuchsia-500',
      icon: icon('M16 19v-1a4 4 0 00-4-4H6a4 4 0 00-4 4v1M9 10a3 3 0 100-6 3 3 0 000 6zM22 19v-1a4 4 0 00-3-3.9M16 4.1a3 3 0 010 5.8'),
    },
    {
      label: 'Total Items',
      value: data?.estimatedItems,
      caption: '↗︎ 14% more than last month',
      tone: 'from-amber-600 to-yellow-400',
      icon: icon('M4 7h16M4 12h16M4 17h10'),
    },
    {
      label: 'Revenue',
      value: data ? `$ ${formatPrice(data.revenue)}` : undefined,
      caption: 'From January 1st to February 1st',
      tone: 'from-rose-700 to-pink-400',
      icon: icon('M12 2v20M17 6H9.5a3.5 3.5 0 000 7h5a3.5 3.5 0 010 7H6'),
    },
    {
      // The spec's tile and field name; it counts payments, one per paid cart.
      label: 'Total Orders',
      value: data?.orders,
      caption: '↘︎ 90 (14%)',
      tone: 'from-sky-700 to-cyan-500',
      icon: icon('M6 2l1.5 4h9L18 2M3 6h18l-2 14H5L3 6zM9 10v6M15 10v6'),
    },
  ];
  return (
    <ul className="mt-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-busy={stats.isPending} aria-label="Statistics">
      {tiles.map((tile) => (
        <li key={tile.label} className={`flex items-center gap-4 rounded-xl bg-gradient-to-r p-5 text-white shadow ${tile.tone}`}>
          {tile.icon}
          <div className="min-w-0">
            <p className="text-sm font-semibold uppercase tracking-wide">{tile.label}</p>
            <p className="text-3xl font-extrabold" data-testid={`stat-${tile.label.toLowerCase().replace(' ', '-')}`}>
              {tile.value ?? (
                <>
                  <span aria-hidden="true" className="inline-block h-8 w-16 animate-pulse rounded bg-white/40" />
                  <span className="sr-only">Loading</span>
                </>
              )}
            </p>
            <p className="text-xs">{tile.caption}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
