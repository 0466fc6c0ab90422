import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { CATEGORIES, isCategory, type Category } from '../../../../shared/category-list.ts';
import type { MessageId } from '../../../../shared/i18n/catalogue.ts';
import type { MenuItem } from '../../../../shared/menu.ts';
import { paths } from '../../../../shared/paths.ts';
import { useFormat } from '../../../i18n/format.ts';
import { useT } from '../../../i18n/i18n.ts';
import { useToast } from '../../../ui/toast.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { DataTable } from '../../../ui/data-table.tsx';
import { QueryError } from '../../../ui/query-error.tsx';
import { useAdminMenu, useDeleteItem, useSetAvailability } from '../api/item-api.ts';
import { ActionMenu } from '../components/action-menu.tsx';
import { AvailabilitySwitches } from '../components/availability-switches.tsx';
import { DeleteDishDialog } from '../components/delete-dish-dialog.tsx';
import { AdminPageHeading } from '../components/admin-page-heading.tsx';
import { DoneDialog } from '../components/done-dialog.tsx';

/** The categories by the menu's tab names (the page loads the menu's words). */
const CATEGORY_LABEL = Object.fromEntries(CATEGORIES.map((category) => [category, `menu.tab.${category}`])) as Record<Category, MessageId>;

/**
 * Manage items (docs/product.md §2.11): the whole menu, hidden dishes too, with both prices, the
 * sold-out and hidden switches, and edit and delete for each item (docs/product.md §18).
 */
export function Page() {
  const t = useT();
  const format = useFormat();
  usePageTitle(t('dashboard.menu.manageItems'));
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
          const what: MessageId =
            switches.soldOut !== undefined ? (switches.soldOut ? 'admin.items.nowSoldOut' : 'admin.items.onSale') : switches.hidden ? 'admin.items.nowHidden' : 'admin.items.shown';
          toast.success(t(what, { name: item.name }));
        },
        onError: (error) => toast.error(error.message || t('admin.items.changeFailed')),
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
      onError: (error) => toast.error(error.message || t('admin.items.deleteFailed')),
    });
  }

  return (
    <section className="mx-auto w-full max-w-5xl">
      <AdminPageHeading title={t('admin.items.heading')} subtitle={t('admin.items.subtitle')} />
      {menu.isPending ? (
        <TableSkeleton />
      ) : menu.isError ? (
        <QueryError title={t('admin.items.loadFailed')} error={menu.error} onRetry={menu.refetch} className="" />
      ) : (
        <>
          <p className="font-display text-2xl font-bold text-stone-800">{t('admin.items.total', { count: menu.data.length })}</p>
          <div className="mt-3 flex flex-wrap items-end gap-4">
            <label className="flex flex-col text-sm font-semibold text-stone-800">
              {t('admin.items.search')}
              <input
                type="search"
                value={nameQuery}
                maxLength={100}
                onChange={(event) => setNameQuery(event.target.value)}
                className="mt-1 h-11 w-64 max-w-full rounded-md border border-stone-500 px-3 text-base font-normal"
              />
            </label>
            <label className="flex flex-col text-sm font-semibold text-stone-800">
              {t('admin.items.category')}
              <select
                value={category}
                onChange={(event) => setCategory(isCategory(event.target.value) ? event.target.value : '')}
                className="mt-1 h-11 rounded-md border border-stone-500 bg-white px-3 text-base font-normal"
              >
                <option value="">{t('admin.items.allCategories')}</option>
                {CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {t(CATEGORY_LABEL[c])}
                  </option>
                ))}
              </select>
            </label>
            {shown.length !== menu.data.length && (
              <p role="status" className="text-stone-700">
                {t('admin.items.shownCount', { count: shown.length })}
              </p>
            )}
          </div>
          {menu.data.length === 0 ? (
            <div className="mt-4 rounded-xl bg-white p-8 text-center shadow">
              <p className="text-lg text-stone-700">{t('admin.items.empty')}</p>
              <Link to={paths.addItem} className="mt-3 inline-block font-semibold text-brand-700 underline">
                {t('admin.items.addFirst')}
              </Link>
            </div>
          ) : (
            <DataTable<MenuItem>
              label={t('admin.items.table')}
              rows={shown}
              rowKey={(item) => item._id}
              rowTestId="manage-item"
              columns={[
                { header: t('admin.items.col.number'), cell: (_item, { index }) => index + 1 },
                {
                  header: t('admin.items.col.food'),
                  cell: (item, { index }) => (
                    <img src={item.image} alt={item.name} width={48} height={48} loading={index < 8 ? 'eager' : 'lazy'} className="h-12 w-12 rounded-lg object-cover" />
                  ),
                },
                { header: t('admin.items.col.name'), cell: (item) => item.name, className: 'font-semibold text-stone-800' },
                {
                  header: t('admin.items.col.price'),
                  // Both prices while there is an offer: customers pay the new one.
                  cell: (item) =>
                    item.newPrice === undefined ? (
                      format.money(item.price)
                    ) : (
                      <>
                        <span className="text-stone-500 line-through">
                          <span className="sr-only">{t('admin.items.was')} </span>
                          {format.money(item.price)}
                        </span>
                        <span className="block font-semibold text-accent-700">{t('admin.items.newPrice', { price: format.money(item.newPrice) })}</span>
                      </>
                    ),
                  className: 'whitespace-nowrap',
                },
                {
                  header: t('admin.items.col.availability'),
                  cell: (item) => (
                    <AvailabilitySwitches item={item} busy={availability.isPending && availability.variables?.id === item._id} onChange={(switches) => setSwitches(item, switches)} />
                  ),
                },
                {
                  header: t('admin.items.col.action'),
                  cell: (item) => (
                    <ActionMenu
                      label={t('admin.items.actionFor', { name: item.name })}
                      actions={[
                        { label: t('admin.items.edit'), onSelect: () => navigate(paths.updateItem(item._id)) },
                        { label: t('admin.items.delete'), danger: true, onSelect: () => setToDelete(item) },
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
      <DoneDialog open={deleted} title={t('admin.done.deleted')} text={t('admin.done.deletedText')} onClose={() => setDeleted(false)} />
    </section>
  );
}

/** The table's shape while the menu loads, so the page does not jump when it arrives. */
function TableSkeleton() {
  const t = useT();
  return (
    <div role="status" aria-label={t('admin.items.loading')} className="animate-pulse">
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
