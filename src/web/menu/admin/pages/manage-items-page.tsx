import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { CATEGORIES, CATEGORY_LABELS, isCategory, type Category } from '../../../../shared/category-list.ts';
import { formatPrice } from '../../../../shared/money.ts';
import type { MenuItem } from '../../../../shared/menu.ts';
import { paths } from '../../../../shared/paths.ts';
import { useToast } from '../../../ui/toast.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { DataTable } from '../../../ui/data-table.tsx';
import { QueryError } from '../../../ui/query-error.tsx';
import { priceText } from '../../item-price.ts';
import { useAdminMenu, useDeleteItem, useSetAvailability } from '../api/item-api.ts';
import { ActionMenu } from '../components/action-menu.tsx';
import { AvailabilitySwitches } from '../components/availability-switches.tsx';
import { DeleteDishDialog } from '../components/delete-dish-dialog.tsx';
import { AdminPageHeading } from '../components/admin-page-heading.tsx';
import { DoneDialog } from '../components/done-dialog.tsx';

/**
 * Manage items (docs/product.md §2.11): the whole menu, hidden dishes too, with both prices, the
 * sold-out and hidden switches, and edit and delete for each item (docs/product.md §18).
 */
export function Page() {
  usePageTitle('Manage Items');
  const menu = useAdminMenu();
  const remove = useDeleteItem();
  const availability = useSetAvailability();
  const [toDelete, setToDelete] = useState<MenuItem | null>(null);
  // Search by name and a category: the whole menu is here already, so filtered in the browser.
  const [nameQuery, setNameQuery] = useState('');
  const [category, setCategory] = useState<Category | ''>('');
  // Back from saving a dish: the list opens at it, not at the top.
  const savedItemId = (useLocation().state as { savedItemId?: string } | null)?.savedItemId;
  const loaded = menu.data !== undefined;
  useEffect(() => {
    if (!loaded || !savedItemId) return;
    const row = document.querySelector<HTMLElement>(`tr[data-row-key="${CSS.escape(savedItemId)}"]`);
    row?.scrollIntoView({ block: 'center' });
  }, [loaded, savedItemId]);
  const wanted = nameQuery.trim().toLowerCase();
  const shown = (menu.data ?? []).filter(
    (item) => (category === '' || item.category === category) && (wanted === '' || item.name.toLowerCase().includes(wanted)),
  );
  const setSwitches = (item: MenuItem, switches: { soldOut?: boolean; hidden?: boolean }) =>
    availability.mutate(
      { id: item._id, ...switches },
      {
        onSuccess: () => {
          const what = switches.soldOut !== undefined ? (switches.soldOut ? 'is sold out' : 'is on sale again') : switches.hidden ? 'is hidden from the menu' : 'is on the menu again';
          toast.success(`${item.name} ${what}`);
        },
        onError: (error) => toast.error(error.message || 'The dish could not be changed. Please try again.'),
      },
    );
  const navigate = useNavigate();
  const toast = useToast();
  const [deleted, setDeleted] = useState(false);

  function deleteItem(item: MenuItem) {
    remove.mutate(item._id, {
      onSuccess: (result) => {
        if (result.deletedCount > 0) setDeleted(true);
      },
      onError: (error) => toast.error(error.message || 'The item could not be deleted. Please try again.'),
    });
  }

  return (
    <section className="mx-auto w-full max-w-5xl">
      <AdminPageHeading title="Manage all items" subtitle="Hurry up!" />
      {menu.isPending ? (
        <TableSkeleton />
      ) : menu.isError ? (
        <QueryError title="The menu could not be loaded" error={menu.error} onRetry={menu.refetch} className="" />
      ) : (
        <>
          <p className="font-display text-2xl font-bold text-stone-800">Total items is {menu.data.length}</p>
          <div className="mt-3 flex flex-wrap items-end gap-4">
            <label className="flex flex-col text-sm font-semibold text-stone-800">
              Search by name
              <input
                type="search"
                value={nameQuery}
                maxLength={100}
                onChange={(event) => setNameQuery(event.target.value)}
                className="mt-1 h-11 w-64 max-w-full rounded-md border border-stone-500 px-3 text-base font-normal"
              />
            </label>
            <label className="flex flex-col text-sm font-semibold text-stone-800">
              Category
              <select
                value={category}
                onChange={(event) => setCategory(isCategory(event.target.value) ? event.target.value : '')}
                className="mt-1 h-11 rounded-md border border-stone-500 bg-white px-3 text-base font-normal"
              >
                <option value="">All categories</option>
                {CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {CATEGORY_LABELS[c]}
                  </option>
                ))}
              </select>
            </label>
            {shown.length !== menu.data.length && (
              <p role="status" className="text-stone-700">
                {shown.length} shown
              </p>
            )}
          </div>
          {menu.data.length === 0 ? (
            <div className="mt-4 rounded-xl bg-white p-8 text-center shadow">
              <p className="text-lg text-stone-700">The menu is empty.</p>
              <Link to={paths.addItem} className="mt-3 inline-block font-semibold text-brand-700 underline">
                Add the first item
              </Link>
            </div>
          ) : (
            <DataTable<MenuItem>
              label="Menu items"
              rows={shown}
              rowKey={(item) => item._id}
              rowTestId="manage-item"
              columns={[
                { header: 'Item No', cell: (_item, { index }) => index + 1 },
                {
                  header: 'Food',
                  cell: (item, { index }) => (
                    <img src={item.image} alt={item.name} width={48} height={48} loading={index < 8 ? 'eager' : 'lazy'} className="h-12 w-12 rounded-lg object-cover" />
                  ),
                },
                { header: 'Name', cell: (item) => item.name, className: 'font-semibold text-stone-800' },
                {
                  header: 'Price',
                  // Both prices while there is an offer: customers pay the new one.
                  cell: (item) =>
                    item.newPrice === undefined ? (
                      `$ ${formatPrice(item.price)}`
                    ) : (
                      <>
                        <span className="text-stone-500 line-through">
                          <span className="sr-only">Was </span>$ {formatPrice(item.price)}
                        </span>
                        <span className="block font-semibold text-accent-700">New Price {priceText(item.newPrice)}</span>
                      </>
                    ),
                  className: 'whitespace-nowrap',
                },
                {
                  header: 'Availability',
                  cell: (item) => (
                    <AvailabilitySwitches item={item} busy={availability.isPending && availability.variables?.id === item._id} onChange={(switches) => setSwitches(item, switches)} />
                  ),
                },
                {
                  header: 'Action',
                  cell: (item) => (
                    <ActionMenu
                      label={`Action for ${item.name}`}
                      actions={[
                        { label: 'Edit', onSelect: () => navigate(paths.updateItem(item._id)) },
                        { label: 'Delete', danger: true, onSelect: () => setToDelete(item) },
                      ]}
                    />
                  ),
                },
              ]}
            />
          )}
        </>
      )}
      {toDelete && (
        <DeleteDishDialog
          item={toDelete}
          onClose={() => setToDelete(null)}
          onDelete={() => {
            setToDelete(null);
            deleteItem(toDelete);
          }}
          onSoldOut={() => {
            setToDelete(null);
            setSwitches(toDelete, { soldOut: true });
          }}
          onHide={() => {
            setToDelete(null);
            setSwitches(toDelete, { hidden: true });
          }}
        />
      )}
      <DoneDialog open={deleted} title="Deleted!" text="Your item has been deleted." onClose={() => setDeleted(false)} />
    </section>
  );
}

/** The table's shape while the menu loads, so the page does not jump when it arrives. */
function TableSkeleton() {
  return (
    <div role="status" aria-label="Loading the menu" className="animate-pulse">
      <div className="h-8 w-56 rounded bg-stone-200" />
      <div className="mt-4 space-y-2 rounded-xl bg-white p-4 shadow">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="flex items-center gap-4">
            <div className="h-12 w-12 rounded-lg bg-stone-200" />
            <div className="h-4 flex-1 rounded bg-stone-200" />
            <div className="h-4 w-16 rounded bg-stone-200" />
          </div>
        ))}
      </div>
    </div>
  );
}
