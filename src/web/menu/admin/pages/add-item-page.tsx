import { useNavigate } from 'react-router';
import { paths } from '../../../../shared/paths.ts';
import { useT } from '../../../i18n/i18n.ts';
import { useToast } from '../../../ui/toast.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { useCreateItem } from '../api/item-api.ts';
import { ItemForm } from '../components/item-form.tsx';
import { AdminPageHeading } from '../components/admin-page-heading.tsx';

/** Add item (docs/product.md §2.11): the picture is uploaded first, then the item is created. */
export function Page() {
  const t = useT();
  usePageTitle(t('admin.add.title'));
  const create = useCreateItem();
  const navigate = useNavigate();
  const toast = useToast();
  return (
    <section className="mx-auto w-full max-w-3xl">
      <AdminPageHeading title={t('admin.add.heading')} subtitle={t('admin.add.subtitle')} />
      <ItemForm
        submitLabel={t('admin.add.title')}
        onSave={async (input) => {
          await create.mutateAsync(input);
          toast.success(t('admin.add.added', { name: input.name }));
        }}
        onSaved={() => navigate(paths.manageItems)}
      />
    </section>
  );
}
