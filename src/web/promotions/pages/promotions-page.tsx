import { PROMO_TEXTS, promotionRuleWords, promotionUsesWords, promotionValueWords, type Promotion } from '../../../shared/promo-codes.ts';
import { useFormat, type Format } from '../../i18n/format.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { LoadingScreen } from '../../ui/loading-screen.tsx';
import { QueryError } from '../../ui/query-error.tsx';
import { useToast } from '../../ui/toast.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { usePromotionChange, usePromotions } from '../api/promotions-api.ts';
import { PromotionForm } from '../components/promotion-form.tsx';

const buttonClass = 'rounded-md px-3 py-1 text-sm font-semibold ring-1 ring-stone-400 hover:bg-stone-100 disabled:text-stone-500';

/** When a code applies, in words: "until 1 Dec 2026, 09:00", "from … until …", or "always". */
function validityWords(promotion: Promotion, format: Format): string {
  const from = promotion.validFrom ? `from ${format.dateTime(promotion.validFrom)}` : '';
  const to = promotion.validTo ? `until ${format.dateTime(promotion.validTo)}` : '';
  return [from, to].filter(Boolean).join(' ') || 'always';
}

/**
 * Promotions (docs/product.md §30), for administrators: the promo codes with their uses so far,
 * pause and resume, delete after a confirmation, and a form to add one.
 */
export function Page() {
  usePageTitle(PROMO_TEXTS.pageTitle);
  const promotions = usePromotions();
  const change = usePromotionChange();
  const toast = useToast();
  const format = useFormat();
  if (promotions.isPending) return <LoadingScreen />;

  const act = (kind: 'pause' | 'remove', promotion: Promotion) => {
    const paused = !promotion.paused;
    change.mutate(kind === 'pause' ? { kind, id: promotion.id, paused } : { kind, id: promotion.id }, {
      onSuccess: () => toast.success(kind === 'remove' ? PROMO_TEXTS.deleted(promotion.code) : paused ? PROMO_TEXTS.paused(promotion.code) : PROMO_TEXTS.resumed(promotion.code)),
      onError: (error) => toast.error(error.message),
    });
  };

  return (
    <section aria-labelledby="promotions-heading">
      <h1 id="promotions-heading" className="font-display text-3xl font-bold text-brand-900">
        {PROMO_TEXTS.pageTitle}
      </h1>
      <p className="mt-2 text-stone-700">Codes customers enter on the payment page for a discount on the food. The server checks each code again when the customer pays.</p>
      {promotions.isError ? (
        <QueryError title="The promo codes could not be loaded" error={promotions.error} onRetry={promotions.refetch} />
      ) : promotions.data.length === 0 ? (
        <p data-testid="promotions-empty" className="mt-6 rounded-xl bg-white p-4 text-stone-700 shadow-sm ring-1 ring-stone-200">
          {PROMO_TEXTS.none}
        </p>
      ) : (
        <DataTable<Promotion>
          label="Promo codes"
          rows={promotions.data}
          rowKey={(promotion) => promotion.id}
          rowTestId="promotion"
          onDelete={(promotion) => act('remove', promotion)}
          deleteDetail={(promotion) => `Deleting the promo code ${promotion.code}. Orders that used it keep their discount.`}
          columns={[
            { header: 'Code', cell: (promotion) => promotion.code, className: 'font-semibold break-all' },
            { header: 'Discount', cell: (promotion) => promotionValueWords(promotion) },
            { header: 'Rules', cell: (promotion) => promotionRuleWords(promotion) },
            { header: 'Valid', cell: (promotion) => validityWords(promotion, format) },
            { header: 'Uses', cell: (promotion) => promotionUsesWords(promotion) },
            { header: 'Status', cell: (promotion) => (promotion.paused ? 'Paused' : 'Active') },
            {
              header: 'Action',
              cell: (promotion, { askToDelete }) => (
                <div className="flex flex-wrap gap-2">
                  <button type="button" className={buttonClass} disabled={change.isPending} onClick={() => act('pause', promotion)}>
                    {promotion.paused ? 'Resume' : 'Pause'}
                    <span className="sr-only"> {promotion.code}</span>
                  </button>
                  <button
                    type="button"
                    aria-label={`Delete ${promotion.code}`}
                    onClick={() => askToDelete(promotion)}
                    className="rounded-md bg-red-700 px-3 py-1 text-sm font-semibold text-white hover:bg-red-800"
                  >
                    Delete
                  </button>
                </div>
              ),
            },
          ]}
        />
      )}
      <PromotionForm />
    </section>
  );
}
