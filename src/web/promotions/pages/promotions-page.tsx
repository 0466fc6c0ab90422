import type { Translate } from '../../../shared/i18n/catalogue.ts';
import type { Promotion } from '../../../shared/promo-codes.ts';
import { useFormat, type Format } from '../../i18n/format.ts';
import { useT } from '../../i18n/i18n.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { LoadingScreen } from '../../ui/loading-screen.tsx';
import { QueryError } from '../../ui/query-error.tsx';
import { useToast } from '../../ui/toast.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { usePromotionChange, usePromotions } from '../api/promotions-api.ts';
import { PromotionForm } from '../components/promotion-form.tsx';
import { promotionRuleWords, promotionUsesWords, promotionValueWords } from '../promotion-words.ts';

const buttonClass = 'rounded-md px-3 py-1 text-sm font-semibold ring-1 ring-stone-400 hover:bg-stone-100 disabled:text-stone-500';

/** When a code applies, in words: "until 1 Dec 2026, 09:00", "from … until …", or "always". */
function validityWords(promotion: Promotion, format: Format, t: Translate): string {
  const from = promotion.validFrom ? t('promotions.validFrom', { time: format.dateTime(promotion.validFrom) }) : '';
  const to = promotion.validTo ? t('promotions.validTo', { time: format.dateTime(promotion.validTo) }) : '';
  return [from, to].filter(Boolean).join(' ') || t('promotions.always');
}

/**
 * Promotions (docs/product.md §30), for administrators: the promo codes with their uses so far,
 * pause and resume, delete after a confirmation, and a form to add one.
 */
export function Page() {
  const t = useT();
  usePageTitle(t('dashboard.menu.promotions'));
  const promotions = usePromotions();
  const change = usePromotionChange();
  const toast = useToast();
  const format = useFormat();
  const wording = { t, money: (amount: number) => format.money(amount) };
  if (promotions.isPending) return <LoadingScreen />;

  const act = (kind: 'pause' | 'remove', promotion: Promotion) => {
    const paused = !promotion.paused;
    change.mutate(kind === 'pause' ? { kind, id: promotion.id, paused } : { kind, id: promotion.id }, {
      onSuccess: () => toast.success(t(kind === 'remove' ? 'promotions.deleted' : paused ? 'promotions.paused' : 'promotions.resumed', { code: promotion.code })),
      onError: (error) => toast.error(error.message),
    });
  };

  return (
    <section aria-labelledby="promotions-heading">
      <h1 id="promotions-heading" className="font-display text-3xl font-bold text-brand-900">
        {t('dashboard.menu.promotions')}
      </h1>
      <p className="mt-2 text-stone-700">{t('promotions.intro')}</p>
      {promotions.isError ? (
        <QueryError title={t('promotions.loadFailed')} error={promotions.error} onRetry={promotions.refetch} />
      ) : promotions.data.length === 0 ? (
        <p data-testid="promotions-empty" className="mt-6 rounded-xl bg-white p-4 text-stone-700 shadow-sm ring-1 ring-stone-200">
          {t('promotions.none')}
        </p>
      ) : (
        <DataTable<Promotion>
          label={t('promotions.table')}
          rows={promotions.data}
          rowKey={(promotion) => promotion.id}
          rowTestId="promotion"
          onDelete={(promotion) => act('remove', promotion)}
          deleteDetail={(promotion) => t('promotions.deleteDetail', { code: promotion.code })}
          columns={[
            { header: t('promotions.col.code'), cell: (promotion) => promotion.code, className: 'font-semibold break-all' },
            { header: t('promotions.col.discount'), cell: (promotion) => promotionValueWords(promotion, wording) },
            { header: t('promotions.col.rules'), cell: (promotion) => promotionRuleWords(promotion, wording) },
            { header: t('promotions.col.valid'), cell: (promotion) => validityWords(promotion, format, t) },
            { header: t('promotions.col.uses'), cell: (promotion) => promotionUsesWords(promotion, wording) },
            { header: t('promotions.col.status'), cell: (promotion) => (promotion.paused ? t('promotions.status.paused') : t('promotions.status.active')) },
            {
              header: t('promotions.col.action'),
              cell: (promotion, { askToDelete }) => (
                <div className="flex flex-wrap gap-2">
                  <button type="button" className={buttonClass} disabled={change.isPending} onClick={() => act('pause', promotion)}>
                    {promotion.paused ? t('promotions.resume') : t('promotions.pause')}
                    <span className="sr-only"> {promotion.code}</span>
                  </button>
                  <button
                    type="button"
                    aria-label={t('promotions.deleteFor', { code: promotion.code })}
                    onClick={() => askToDelete(promotion)}
                    className="rounded-md bg-red-700 px-3 py-1 text-sm font-semibold text-white hover:bg-red-800"
                  >
                    {t('promotions.delete')}
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
