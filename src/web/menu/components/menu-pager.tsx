import { useT } from '../../i18n/i18n.ts';
/** How many dishes one page of a tab or of the search's answer shows. */
export const DISHES_PER_PAGE = 24;

/**
 * The pages of a long tab (docs/product.md §18): a menu of thousands of dishes shows them a page
 * at a time, with the previous and next pages and where one is.
 */
export function MenuPager({ page, total, onPage }: { page: number; total: number; onPage: (page: number) => void }) {
  const t = useT();
  const pages = Math.ceil(total / DISHES_PER_PAGE);
  if (pages <= 1) return null;
  const button =
    'rounded-md px-4 py-2 font-semibold ring-1 ring-stone-300 hover:bg-stone-100 disabled:cursor-not-allowed disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-brand-700';
  return (
    <nav aria-label={t('menu.pager.label')} className="mt-10 flex items-center justify-center gap-4">
      <button type="button" className={button} disabled={page === 0} onClick={() => onPage(page - 1)}>
        {t('menu.pager.previous')}
      </button>
      <p className="text-sm text-stone-700" aria-live="polite">
        {t('menu.pager.page', { page: page + 1, pages })}
      </p>
      <button type="button" className={button} disabled={page >= pages - 1} onClick={() => onPage(page + 1)}>
        {t('menu.pager.next')}
      </button>
    </nav>
  );
}
