import { useEffect, useState } from 'react';
import { ROLE_CHANGE_TEXTS, USERS_PAGE_SIZE, type User } from '../../../shared/users.ts';
import { useAuth } from '../../auth/use-auth.ts';
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
  usePageTitle('Manage Users');
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
  if (users.isError) return <QueryError title="The users could not be loaded" error={users.error} onRetry={users.refetch} className="" />;

  function failure(error: unknown) {
    toast.error(error instanceof Error ? error.message : 'That did not work. Please try again.');
  }

  function confirmRoleChange({ user, change }: RoleChange) {
    setAsking(undefined);
    if (change === 'makeAdmin') {
      promote.mutate(user._id, {
        onSuccess: (result) => {
          if (result.modifiedCount > 0) toast.success(`${user.name} is an admin now`);
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
          if (result.modifiedCount > 0) toast.success(staff ? `${user.name} is staff now` : `${user.name} is no longer staff`);
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
      <h1 className="font-display text-3xl font-bold text-brand-900">Manage Users</h1>
      <div className="mt-4 flex flex-wrap items-end justify-between gap-4">
        <p className="text-xl font-semibold uppercase text-stone-800">TOTAL USER: {total}</p>
        <label className="flex flex-col text-sm font-semibold text-stone-800">
          Search by name or e-mail
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
        label="Users"
        rows={rows}
        rowKey={(user) => user._id}
        onDelete={(user) =>
          remove.mutate(user._id, {
            onSuccess: (result) => {
              if (result.deletedCount > 0) toast.success('an admin deleted');
            },
            onError: failure,
          })
        }
        deleteDetail={(user) => `Deleting the account of ${user.name}.`}
        columns={[
          { header: '#', cell: (_user, { index }) => (page - 1) * USERS_PAGE_SIZE + index + 1 },
          { header: 'Name', cell: (user) => user.name, className: 'font-semibold' },
          { header: 'Email', cell: (user) => user.email, className: 'break-all' },
          {
            header: 'Role',
            cell: (user) =>
              user.role === 'admin' ? (
                'admin'
              ) : (
                <div className="flex flex-wrap items-center gap-2">
                  {user.role === 'staff' && <span className="font-semibold">staff</span>}
                  <button
                    type="button"
                    disabled={busy}
                    // The visible words first, then whose: voice control finds the button by what it shows (WCAG 2.5.3).
                    aria-label={user.role === 'staff' ? `Remove staff: ${user.name}` : `Make staff: ${user.name}`}
                    onClick={() => setAsking({ user, change: user.role === 'staff' ? 'removeStaff' : 'makeStaff' })}
                    className="rounded-md px-3 py-1 font-semibold text-brand-900 ring-1 ring-brand-700 hover:bg-brand-50 disabled:opacity-60"
                  >
                    {user.role === 'staff' ? 'Remove staff' : 'Make staff'}
                  </button>
                  {/* The widest power: a quiet link-like button, never the row's most prominent one. */}
                  <button
                    type="button"
                    disabled={busy}
                    aria-label={`Make admin: ${user.name}`}
                    onClick={() => setAsking({ user, change: 'makeAdmin' })}
                    className="whitespace-nowrap px-1 py-1 text-sm text-stone-700 underline hover:text-stone-900 disabled:opacity-60"
                  >
                    Make admin
                  </button>
                </div>
              ),
          },
          {
            header: 'Action',
            cell: (user, { askToDelete }) => (
              <button
                type="button"
                disabled={user._id === me?.uid}
                title={user._id === me?.uid ? 'You cannot delete your own account' : undefined}
                aria-label={`Delete ${user.name}`}
                onClick={() => askToDelete(user)}
                className="rounded-md bg-red-700 px-3 py-1 font-semibold text-white hover:bg-red-800 disabled:cursor-not-allowed disabled:bg-stone-300"
              >
                Delete
              </button>
            ),
          },
        ]}
      />
      {total === 0 && <p className="mt-4 text-stone-700">No user’s name or e-mail holds “{search}”.</p>}
      {pages > 1 && (
        <nav aria-label="Pages of users" className="mt-4 flex items-center justify-center gap-4">
          <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)} className="rounded-md px-3 py-1 font-semibold ring-1 ring-stone-400 disabled:opacity-50">
            Previous
          </button>
          <span>
            Page {page} of {pages}
          </span>
          <button type="button" disabled={page >= pages} onClick={() => setPage(page + 1)} className="rounded-md px-3 py-1 font-semibold ring-1 ring-stone-400 disabled:opacity-50">
            Next
          </button>
        </nav>
      )}
      {asking && <RoleChangeDialog asking={asking} onConfirm={() => confirmRoleChange(asking)} onCancel={() => setAsking(undefined)} />}
    </section>
  );
}

/** Asks before a role changes, saying what the new role may do; Cancel takes the first focus. */
function RoleChangeDialog({ asking, onConfirm, onCancel }: { asking: RoleChange; onConfirm: () => void; onCancel: () => void }) {
  const text = ROLE_CHANGE_TEXTS[asking.change](asking.user.name);
  return (
    <ModalDialog title={text.title} onClose={onCancel}>
      <p className="mt-2 text-stone-700">{text.detail}</p>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button type="button" {...DIALOG_FIRST_FOCUS} onClick={onCancel} className="rounded-md bg-stone-200 px-4 py-2 font-semibold text-stone-800 hover:bg-stone-300">
          Cancel
        </button>
        <button type="button" onClick={onConfirm} className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
          {text.confirm}
        </button>
      </div>
    </ModalDialog>
  );
}
