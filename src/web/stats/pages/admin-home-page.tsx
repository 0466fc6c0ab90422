import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { useAuth } from '../../auth/use-auth.ts';
import { useLanguage, useT } from '../../i18n/i18n.ts';
import { ordersCsvHref, useAdminStats } from '../api/stats-api.ts';
import { AdminStatsTiles } from '../components/admin-stats-tiles.tsx';
import { PeriodPicker } from '../components/period-picker.tsx';
import { readPeriodChoice, statsSearch } from '../period-choice.ts';
import { formatRange } from '../stats-format.ts';
import { usePageTitle } from '../../ui/use-page-title.ts';

// The chart library comes with the charts' own chunk, asked for only here.
const StatsCharts = lazy(() => import('../components/stats-charts.tsx'));

function ChartsLoading() {
  const t = useT();
  return (
    <div role="status" className="mt-6 grid gap-4 lg:grid-cols-2">
      {[0, 1, 2, 3].map((i) => (
        <div key={i} aria-hidden="true" className="h-72 animate-pulse rounded-xl bg-stone-200" />
      ))}
      <p className="sr-only">{t('stats.charts.loading')}</p>
    </div>
  );
}

/**
 * Admin home: the greeting, the period (in the address), the figures of the period against the
 * previous one, the charts and the period's orders as a CSV file.
 */
export function Page() {
  const t = useT();
  const language = useLanguage();
  usePageTitle(t('dashboard.menu.adminHome'));
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const choice = readPeriodChoice(params);
  const stats = useAdminStats(choice);
  const data = stats.data;
  const stale = stats.isPlaceholderData;

  return (
    <section aria-labelledby="admin-home-heading">
      <h1 id="admin-home-heading" className="font-display text-3xl font-bold text-brand-900">
        {t('dashboard.welcome', { name: user?.displayName ?? user?.email ?? '' })}
      </h1>
      <PeriodPicker
        choice={choice}
        shown={data?.period}
        onCustom={(range) => setParams(statsSearch({ period: 'custom', ...range }))}
      />
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <p aria-live="polite" className="text-sm text-stone-700">
          {data ? (
            <>
              <span className="font-semibold text-stone-900" data-testid="stats-period">
                {formatRange(data.period, language)}
              </span>{' '}
              {t('stats.against', { previous: formatRange(data.previous, language), timeZone: data.timeZone })}
              {stale ? t('stats.updating') : ''}
            </>
          ) : (
            t('stats.loading')
          )}
        </p>
        <a
          href={ordersCsvHref(choice)}
          download
          className="rounded-md bg-brand-800 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-800"
        >
          {t('stats.downloadCsv')}
        </a>
      </div>
      {stats.isError ? (
        <p role="alert" className="mt-6 rounded-xl bg-red-50 p-4 text-red-800">
          {t('stats.loadFailed', { error: stats.error.message })}{' '}
          <button type="button" className="font-semibold underline" onClick={() => void stats.refetch()}>
            {t('stats.tryAgain')}
          </button>
        </p>
      ) : (
        <div className={stale ? 'opacity-60 transition-opacity' : undefined} aria-busy={stale || stats.isPending}>
          <AdminStatsTiles stats={data} />
          {data ? (
            <Suspense fallback={<ChartsLoading />}>
              <StatsCharts stats={data} />
            </Suspense>
          ) : (
            <ChartsLoading />
          )}
        </div>
      )}
    </section>
  );
}
