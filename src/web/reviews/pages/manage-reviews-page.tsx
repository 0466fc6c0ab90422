import type { AdminReview } from '../../../shared/reviews.ts';
import { useT } from '../../i18n/i18n.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { LoadingScreen } from '../../ui/loading-screen.tsx';
import { QueryError } from '../../ui/query-error.tsx';
import { useToast } from '../../ui/toast.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useAdminReviews, useDeleteReview, useSetReviewHidden } from '../api/manage-reviews.ts';

/** Manage Reviews (issue 43, point 9): the owner hides a review from the public list, shows it again, or deletes it. */
export function Page() {
  const t = useT();
  usePageTitle(t('dashboard.menu.manageReviews'));
  const reviews = useAdminReviews();
  const setHidden = useSetReviewHidden();
  const remove = useDeleteReview();
  const toast = useToast();

  if (reviews.isPending) return <LoadingScreen />;
  if (reviews.isError) return <QueryError title={t('admin.reviews.loadFailed')} error={reviews.error} onRetry={reviews.refetch} className="" />;

  function failure(error: unknown) {
    toast.error(error instanceof Error ? error.message : t('admin.reviews.failed'));
  }

  return (
    <section>
      <h1 className="font-display text-3xl font-bold text-brand-900">{t('dashboard.menu.manageReviews')}</h1>
      <p className="mt-4 text-stone-800">
        {t('admin.reviews.summary', { count: reviews.data.length, hidden: reviews.data.filter((review) => review.hidden).length })}
      </p>
      <DataTable<AdminReview>
        label={t('admin.reviews.table')}
        rows={reviews.data}
        rowKey={(review) => review._id}
        onDelete={(review) =>
          remove.mutate(review._id, {
            onSuccess: () => toast.success(t('admin.reviews.deleted')),
            onError: failure,
          })
        }
        deleteDetail={(review) => t('admin.reviews.confirmDelete', { name: review.name })}
        columns={[
          { header: t('admin.reviews.col.name'), cell: (review) => review.name, className: 'font-semibold' },
          { header: t('admin.reviews.col.review'), cell: (review) => review.details, className: 'max-w-md' },
          { header: t('admin.reviews.col.shown'), cell: (review) => (review.hidden ? t('admin.reviews.isHidden') : t('admin.reviews.isPublic')) },
          {
            header: t('admin.reviews.col.action'),
            cell: (review, { askToDelete }) => (
              <div className="flex flex-wrap items-center gap-2">
                <button
                  type="button"
                  disabled={setHidden.isPending}
                  aria-label={t(review.hidden ? 'admin.reviews.showFor' : 'admin.reviews.hideFor', { name: review.name })}
                  onClick={() =>
                    setHidden.mutate(
                      { id: review._id, hidden: !review.hidden },
                      { onSuccess: () => toast.success(review.hidden ? t('admin.reviews.shown') : t('admin.reviews.hidden')), onError: failure },
                    )
                  }
                  className="whitespace-nowrap rounded-md px-3 py-1 font-semibold text-brand-900 ring-1 ring-brand-700 hover:bg-brand-50 disabled:opacity-60"
                >
                  {review.hidden ? t('admin.reviews.show') : t('admin.reviews.hide')}
                </button>
                <button
                  type="button"
                  aria-label={t('admin.reviews.deleteFor', { name: review.name })}
                  onClick={() => askToDelete(review)}
                  className="rounded-md bg-red-700 px-3 py-1 font-semibold text-white hover:bg-red-800"
                >
                  {t('admin.reviews.delete')}
                </button>
              </div>
            ),
          },
        ]}
      />
    </section>
  );
}
