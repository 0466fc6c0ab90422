import { Link, useNavigate, useParams } from 'react-router';
import { formatPrice } from '../../../../shared/money.ts';
import { paths } from '../../../../shared/paths.ts';
import { useT } from '../../../i18n/i18n.ts';
import { useToast } from '../../../ui/toast.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { LoadingScreen } from '../../../ui/loading-screen.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { useItem, useUpdateItem } from '../api/item-api.ts';
import { AdminPageHeading } from '../components/admin-page-heading.tsx';
import { ItemForm } from '../components/item-form.tsx';

/**
 * Update item (docs/product.md §2.11) with the spec's defects fixed (docs/product.md §14): the category
 * comes from its own field, and a new picture is uploaded like in Add item.
 */
export function Page() {
  const { id = '' } = useParams();
  const item = useItem(id);
  const update = useUpdateItem(id);
  const navigate = useNavigate();
  const toast = useToast();
  const t = useT();
  usePageTitle(item.data ? t('admin.update.titleOf', { name: item.data.name }) : t('admin.update.title'));

  if (item.isPending) return <LoadingScreen />;
  if (item.isError) {
    const gone = item.error instanceof ApiRequestError && item.error.status === 404;
    return (
      <section role="alert" className="mx-auto max-w-xl rounded-xl bg-white p-6 text-center shadow">
        <p className="text-lg font-semibold text-stone-800">
          {gone ? t('admin.update.gone') : t('admin.update.loadFailed', { error: item.error.message })}
        </p>
        <Link to={paths.manageItems} className="mt-3 inline-block font-semibold text-brand-700 underline">
          {t('admin.update.back')}
        </Link>
      </section>
    );
  }

  const current = item.data;
  return (
    <section className="mx-auto w-full max-w-3xl">
      <AdminPageHeading title={t('admin.update.heading', { name: current.name })} />
      <figure className="mb-6 flex flex-col items-center gap-2">
        <img
          src={current.image}
          alt={t('admin.update.pictureOf', { name: current.name })}
          width={240}
          height={240}
          className="h-48 w-48 rounded-xl object-cover shadow sm:h-60 sm:w-60"
        />
        <figcaption className="text-sm text-stone-600">{t('admin.update.picture')}</figcaption>
      </figure>
      <ItemForm
        key={current._id}
        initial={{
          name: current.name,
          category: current.category,
          price: formatPrice(current.price),
          recipe: current.recipe,
          taxRateId: current.taxRateId ?? '',
        }}
        initialLabels={{
          newPrice: current.newPrice === undefined ? '' : formatPrice(current.newPrice),
          tags: current.tags ?? [],
          allergens: current.allergens ?? [],
        }}
        initialOptions={current.options}
        initialTranslations={current.translations}
        currentImage={current.image}
        submitLabel={t('admin.update.title')}
        onSave={async (input) => {
          const result = await update.mutateAsync(input);
          if (!result.success) throw new Error(t('admin.update.notUpdated'));
        }}
        onSaved={() => {
          toast.success(t('admin.update.updated'));
          // Manage Items opens at the dish just saved (issue 43, point 10).
          navigate(paths.manageItems, { state: { savedItemId: current._id } });
        }}
        onFailed={(message) => toast.error(message)}
      />
    </section>
  );
}
