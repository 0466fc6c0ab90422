import { REVIEW_TEXTS, type AdminReview } from '../../../shared/reviews.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { LoadingScreen } from '../../ui/loading-screen.tsx';
import { QueryError } from '../../ui/query-error.tsx';
import { useToast } from '../../ui/toast.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useAdminReviews, useDeleteReview, useSetReviewHidden } from '../api/manage-reviews.ts';

/** Manage Reviews (issue 43, point 9): the owner hides a review from the public list, shows it again, or deletes it. */
export function Page() {
  usePageTitle('Manage Reviews');
  const reviews = useAdminReviews();
  const setHidden = useSetReviewHidden();
  const remove = useDeleteReview();
  const toast = useToast();

  if (reviews.isPending) return <LoadingScreen />;
  if (reviews.isError) return <QueryError title="The reviews could not be loaded" error={reviews.error} onRetry={reviews.refetch} className="" />;

  function failure(error: unknown) {
    toast.error(error instanceof Error ? error.message : 'That did not work. Please try again.');
  }

  return (
    <section>
      <h1 className="font-display text-3xl font-bold text-brand-900">Manage Reviews</h1>
      <p className="mt-4 text-stone-800">
        {reviews.data.length} reviews, {reviews.data.filter((review) => review.hidden).length} hidden. A hidden review is off the
        public list at once and can be shown again; a deleted one is gone.
      </p>
      <DataTable<AdminReview>
        label="Reviews"
        rows={reviews.data}
        rowKey={(review) => review._id}
        onDelete={(review) =>
          remove.mutate(review._id, {
            onSuccess: () => toast.success(REVIEW_TEXTS.deleted),
            onError: failure,
          })
        }
        deleteDetail={(review) => REVIEW_TEXTS.confirmDelete(review.name)}
        columns={[
          { header: 'Name', cell: (review) => review.name, className: 'font-semibold' },
          { header: 'Review', cell: (review) => review.details, className: 'max-w-md' },
          { header: 'Shown', cell: (review) => (review.hidden ? 'hidden' : 'public') },
          {
            header: 'Action',
            cell: (review, { askToDelete }) => (
              <div className="flex flex-wrap items-center gap-2">
                <button
                  type="button"
                  disabled={setHidden.isPending}
                  aria-label={review.hidden ? `Show the review by ${review.name}` : `Hide the review by ${review.name}`}
                  onClick={() =>
                    setHidden.mutate(
                      { id: review._id, hidden: !review.hidden },
                      { onSuccess: () => toast.success(review.hidden ? REVIEW_TEXTS.shown : REVIEW_TEXTS.hidden), onError: failure },
                    )
                  }
                  className="whitespace-nowrap rounded-md px-3 py-1 font-semibold text-brand-900 ring-1 ring-brand-700 hover:bg-brand-50 disabled:opacity-60"
                >
                  {review.hidden ? 'Show' : 'Hide'}
                </button>
                <button
                  type="button"
                  aria-label={`Delete the review by ${review.name}`}
                  onClick={() => askToDelete(review)}
                  className="rounded-md bg-red-700 px-3 py-1 font-semibold text-white hover:bg-red-800"
                >
                  Delete
                </button>
              </div>
            ),
          },
        ]}
      />
    </section>
  );
}
