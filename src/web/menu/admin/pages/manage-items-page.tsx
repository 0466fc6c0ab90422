import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatPrice } from '../../../../shared/money.ts';
import type { MenuItem } from '../../../../shared/menu.ts';
import { paths } from '../../../../shared/paths.ts';
import { useToast } from '../../../ui/toast.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { useMenu } from '../../api/get-menu.ts';
import { useDeleteItem } from '../api/item-api.ts';
import { ActionMenu } from '../components/action-menu.tsx';
import { AdminPageHeading } from '../components/admin-page-heading.tsx';
import { DoneDialog } from '../components/done-dialog.tsx';

/** Manage items (spec section 2): the whole menu, with edit and delete for each item. */
export function Page() {
  usePageTitle('Manage Items');
  const menu = useMenu();
  const remove = useDeleteItem();
  const navigate = useNavigate();
  const toast = useToast();
  const [toDelete, setToDelete] = useState<MenuItem | null>(null);
  const [deleted, setDeleted] = useState(false);

  function confirmDelete() {
    const item = toDelete;
    setToDelete(null);
    if (!item) return;
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
        <div role="alert" className="rounded-xl bg-red-50 p-4 text-red-800">
          <p className="font-semibold">The menu could not be loaded: {menu.error.message}</p>
          <button type="button" onClick={() => void menu.refetch()} className="mt-2 font-semibold underline">
            Try again
          </button>
        </div>
      ) : (
        <>
          <p className="font-display text-2xl font-bold text-stone-800">Total items is {menu.data.length}</p>
          {menu.data.length === 0 ? (
            <div className="mt-4 rounded-xl bg-white p-8 text-center shadow">
              <p className="text-lg text-stone-700">The menu is empty.</p>
              <Link to={paths.addItem} className="mt-3 inline-block font-semibold text-brand-700 underline">
                Add the first item
              </Link>
            </div>
          ) : (
            <div className="mt-4 overflow-x-auto rounded-xl bg-white shadow">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Menu items</caption>
                <thead className="bg-brand-800 text-xs uppercase text-white sm:text-sm">
                  <tr>
                    <th scope="col" className="px-2 py-3 sm:px-4">Item No</th>
                    <th scope="col" className="px-2 py-3 sm:px-4">Food</th>
                    <th scope="col" className="px-2 py-3 sm:px-4">Name</th>
                    <th scope="col" className="px-2 py-3 sm:px-4">Price</th>
                    <th scope="col" className="px-2 py-3 sm:px-4">Action</th>
                  </tr>
                </thead>
                <tbody>
                  {menu.data.map((item, index) => (
                    <tr key={item._id} className="border-t border-stone-200">
                      <td className="px-2 py-2 sm:px-4">{index + 1}</td>
                      <td className="px-2 py-2 sm:px-4">
                        <img
                          src={item.image}
                          alt={item.name}
                          width={48}
                          height={48}
                          loading={index < 8 ? 'eager' : 'lazy'}
                          className="h-12 w-12 rounded-lg object-cover"
                        />
                      </td>
                      <td className="px-2 py-2 font-semibold text-stone-800 sm:px-4">{item.name}</td>
                      <td className="whitespace-nowrap px-2 py-2 sm:px-4">$ {formatPrice(item.price)}</td>
                      <td className="px-2 py-2 sm:px-4">
                        <ActionMenu
                          label={`Action for ${item.name}`}
                          actions={[
                            { label: 'Edit', onSelect: () => navigate(paths.updateItem(item._id)) },
                            { label: 'Delete', danger: true, onSelect: () => setToDelete(item) },
                          ]}
                        />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
      <ConfirmDialog open={toDelete !== null} onCancel={() => setToDelete(null)} onConfirm={confirmDelete} />
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
