import { useNavigate } from 'react-router';
import { paths } from '../../../../shared/paths.ts';
import { useToast } from '../../../ui/toast.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { useCreateItem } from '../api/item-api.ts';
import { ItemForm } from '../components/item-form.tsx';
import { AdminPageHeading } from '../components/admin-page-heading.tsx';

/** Add item (docs/product.md §2.11): the picture is uploaded first, then the item is created. */
export function Page() {
  usePageTitle('Add Item');
  const create = useCreateItem();
  const navigate = useNavigate();
  const toast = useToast();
  return (
    <section className="mx-auto w-full max-w-3xl">
      <AdminPageHeading title="Add new item for new menu" subtitle="What's new?" />
      <ItemForm
        submitLabel="Add Item"
        onSave={async (input) => {
          await create.mutateAsync(input);
          toast.success(`${input.name} added to the menu`);
        }}
        onSaved={() => navigate(paths.manageItems)}
      />
    </section>
  );
}
