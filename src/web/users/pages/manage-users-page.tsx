import { useEffect, useState } from 'react';
import type { MessageId } from '../../../shared/i18n/catalogue.ts';
import { USERS_PAGE_SIZE, type User } from '../../../shared/users.ts';
import { useAuth } from '../../auth/use-auth.ts';
import { useT } from '../../i18n/i18n.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { LoadingScreen } from '../../ui/loading-screen.tsx';
import { ModalDialog } from '../../ui/modal-dialog.tsx';
import { QueryError } from '../../ui/query-error.tsx';
import { useToast } from '../../ui/toast.tsx';
import { DIALOG_FIRST_FOCUS } from '../../ui/use-modal-dialog.ts';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useDeleteUser, usePromoteUser, useSetStaffRole, useUsers } from '../api/users-api.ts';

/** How long typing pauses before the search is asked. */
const TYPING_PAUSE_MS = 250;

type RoleChange = { user: User; change: 'makeStaff' | 'removeStaff' | 'makeAdmin' };

/**
 * Manage Users (docs/product.md §2.9): 'TOTAL USER', the table, promote and delete; and staff, who
 * run the order board. Searched and paged on the server; a role change is confirmed first, with
 * what the role may do (issue 43, point 7).
 */
export function Page() {
  const t = useT();
  usePageTitle(t('dashboard.menu.users'));
  const { user: me } = useAuth();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(typed.trim());
      setPage(1);
    }, TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const users = useUsers(search, page);
  const promote = usePromoteUser();
  const setRole = useSetStaffRole();
  const remove = useDeleteUser();
  const toast = useToast();
  const [asking, setAsking] = useState<RoleChange>();

  if (users.isPending) return <LoadingScreen />;
  if (users.isError) return <QueryError title={t('users.loadFailed')} error={users.error} onRetry={users.refetch} className="" />;

  function failure(error: unknown) {
    toast.error(error instanceof Error ? error.message : t('users.failed'));
  }

  function confirmRoleChange({ user, change }: RoleChange) {
    setAsking(undefined);
    if (change === 'makeAdmin') {
      promote.mutate(user._id, {
        onSuccess: (result) => {
          if (result.modifiedCount > 0) toast.success(t('users.nowAdmin', { name: user.name }));
        },
        onError: failure,
      });
      return;
    }
    const staff = change === 'makeStaff';
    setRole.mutate(
      { id: user._id, role: staff ? 'staff' : 'user' },
      {
        onSuccess: (result) => {
          if (result.modifiedCount > 0) toast.success(staff ? t('users.nowStaff', { name: user.name }) : t('users.noLongerStaff', { name: user.name }));
        },
        onError: failure,
      },
    );
  }

  const { users: rows, total } = users.data;
  const pages = Math.max(1, Math.ceil(total / USERS_PAGE_SIZE));
  const busy = promote.isPending || setRole.isPending;

  return (
    <section>
      <h1 className="font-display text-3xl font-bold text-brand-900">{t('dashboard.menu.users')}</h1>
      <div className="mt-4 flex flex-wrap items-end justify-between gap-4">
        <p className="text-xl font-semibold uppercase text-stone-800">{t('users.total', { total })}</p>
        <label className="flex flex-col text-sm font-semibold text-stone-800">
          {t('users.search')}
          <input
            type="search"
            value={typed}
            maxLength={100}
            onChange={(event) => setTyped(event.target.value)}
            className="mt-1 h-11 w-72 max-w-full rounded-md border border-stone-500 px-3 text-base font-normal"
          />
        </label>
      </div>
      <DataTable<User>
        label={t('users.table')}
        rows={rows}
        rowKey={(user) => user._id}
        onDelete={(user) =>
          remove.mutate(user._id, {
            onSuccess: (result) => {
              if (result.deletedCount > 0) toast.success(t('users.deleted'));
            },
            onError: failure,
          })
        }
        deleteDetail={(user) => t('users.deleteDetail', { name: user.name })}
        columns={[
          { header: '#', cell: (_user, { index }) => (page - 1) * USERS_PAGE_SIZE + index + 1 },
          { header: t('users.col.name'), cell: (user) => user.name, className: 'font-semibold' },
          { header: t('users.col.email'), cell: (user) => user.email, className: 'break-all' },
          {
            header: t('users.col.role'),
            cell: (user) =>
              user.role === 'admin' ? (
                t('users.role.admin')
              ) : (
                <div className="flex flex-wrap items-center gap-2">
                  {user.role === 'staff' && <span className="font-semibold">{t('users.role.staff')}</span>}
                  <button
                    type="button"
                    disabled={busy}
                    // The visible words first, then whose: voice control finds the button by what it shows (WCAG 2.5.3).
                    aria-label={t(user.role === 'staff' ? 'users.removeStaffFor' : 'users.makeStaffFor', { name: user.name })}
                    onClick={() => setAsking({ user, change: user.role === 'staff' ? 'removeStaff' : 'makeStaff' })}
                    className="rounded-md px-3 py-1 font-semibold text-brand-900 ring-1 ring-brand-700 hover:bg-brand-50 disabled:opacity-60"
                  >
                    {user.role === 'staff' ? t('users.removeStaff') : t('users.makeStaff')}
                  </button>
                  {/* The widest power: a quiet link-like button, never the row's most prominent one. */}
                  <button
                    type="button"
                    disabled={busy}
                    aria-label={t('users.makeAdminFor', { name: user.name })}
                    onClick={() => setAsking({ user, change: 'makeAdmin' })}
                    className="whitespace-nowrap px-1 py-1 text-sm text-stone-700 underline hover:text-stone-900 disabled:opacity-60"
                  >
                    {t('users.makeAdmin')}
                  </button>
                </div>
              ),
          },
          {
            header: t('users.col.action'),
            cell: (user, { askToDelete }) => (
              <button
                type="button"
                disabled={user._id === me?.uid}
                title={user._id === me?.uid ? t('users.notYourself') : undefined}
                aria-label={t('users.deleteFor', { name: user.name })}
                onClick={() => askToDelete(user)}
                className="rounded-md bg-red-700 px-3 py-1 font-semibold text-white hover:bg-red-800 disabled:cursor-not-allowed disabled:bg-stone-300"
              >
                {t('users.delete')}
              </button>
            ),
          },
        ]}
      />
      {total === 0 && <p className="mt-4 text-stone-700">{t('users.none', { search })}</p>}
      {pages > 1 && (
        <nav aria-label={t('users.pages')} className="mt-4 flex items-center justify-center gap-4">
          <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)} className="rounded-md px-3 py-1 font-semibold ring-1 ring-stone-400 disabled:opacity-50">
            {t('users.previous')}
          </button>
          <span>
            {t('users.page', { page, pages })}
          </span>
          <button type="button" disabled={page >= pages} onClick={() => setPage(page + 1)} className="rounded-md px-3 py-1 font-semibold ring-1 ring-stone-400 disabled:opacity-50">
            {t('users.next')}
          </button>
        </nav>
      )}
      {asking && <RoleChangeDialog asking={asking} onConfirm={() => confirmRoleChange(asking)} onCancel={() => setAsking(undefined)} />}
    </section>
  );
}

/** What a role change's dialog says (docs/product.md §2.9): whom, what the role may do, the button. */
const ROLE_CHANGE_TEXT: Record<RoleChange['change'], { title: MessageId; detail: MessageId; confirm: MessageId }> = {
  makeStaff: { title: 'users.makeStaff.title', detail: 'users.makeStaff.detail', confirm: 'users.makeStaff' },
  removeStaff: { title: 'users.removeStaff.title', detail: 'users.removeStaff.detail', confirm: 'users.removeStaff' },
  makeAdmin: { title: 'users.makeAdmin.title', detail: 'users.makeAdmin.detail', confirm: 'users.makeAdmin' },
};

/** Asks before a role changes, saying what the new role may do; Cancel takes the first focus. */
function RoleChangeDialog({ asking, onConfirm, onCancel }: { asking: RoleChange; onConfirm: () => void; onCancel: () => void }) {
  const t = useT();
  const text = ROLE_CHANGE_TEXT[asking.change];
  return (
    <ModalDialog title={t(text.title, { name: asking.user.name })} onClose={onCancel}>
      <p className="mt-2 text-stone-700">{t(text.detail)}</p>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button type="button" {...DIALOG_FIRST_FOCUS} onClick={onCancel} className="rounded-md bg-stone-200 px-4 py-2 font-semibold text-stone-800 hover:bg-stone-300">
          {t('dashboard.confirm.cancel')}
        </button>
        <button type="button" onClick={onConfirm} className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
          {t(text.confirm)}
        </button>
      </div>
    </ModalDialog>
  );
}
