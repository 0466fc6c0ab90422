import type { User } from '../../../shared/users.ts';
import { useAuth } from '../../auth/use-auth.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { LoadingScreen } from '../../ui/loading-screen.tsx';
import { QueryError } from '../../ui/query-error.tsx';
import { useToast } from '../../ui/toast.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useDeleteUser, usePromoteUser, useSetStaffRole, useUsers } from '../api/users-api.ts';

/** Manage Users (docs/product.md §2.9): 'TOTAL USER', the table, promote and delete; and staff, who run the order board. */
export function Page() {
  usePageTitle('Manage Users');
  const { user: me } = useAuth();
  const users = useUsers();
  const promote = usePromoteUser();
  const remove = useDeleteUser();
  const toast = useToast();

  if (users.isPending) return <LoadingScreen />;
  if (users.isError) return <QueryError title="The users could not be loaded" error={users.error} onRetry={users.refetch} className="" />;

  function failure(error: unknown) {
    toast.error(error instanceof Error ? error.message : 'That did not work. Please try again.');
  }

  return (
    <section>
      <h1 className="font-display text-3xl font-bold text-brand-900">Manage Users</h1>
      <p className="mt-4 text-xl font-semibold uppercase text-stone-800">TOTAL USER: {users.data.length}</p>
      <DataTable<User>
        label="Users"
        rows={users.data}
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
          { header: '#', cell: (_user, { index }) => index + 1 },
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
                  disabled={promote.isPending}
                  aria-label={`Make ${user.name} an admin`}
                  onClick={() =>
                    promote.mutate(user._id, {
                      onSuccess: (result) => {
                        if (result.modifiedCount > 0) toast.success(`${user.name} is an admin now`);
                      },
                      onError: failure,
                    })
                  }
                  className="whitespace-nowrap rounded-md bg-accent-400 px-3 py-1 font-semibold text-brand-900 hover:bg-accent-500 disabled:opacity-60"
                >
                  Make admin
                  </button>
                  <StaffButton user={user} onError={failure} />
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
    </section>
  );
}

/** Makes a customer staff (they then run the order board), or takes it back. */
function StaffButton({ user, onError }: { user: User; onError: (error: unknown) => void }) {
  const setRole = useSetStaffRole();
  const toast = useToast();
  const staff = user.role === 'staff';
  return (
    <button
      type="button"
      disabled={setRole.isPending}
      aria-label={staff ? `Remove ${user.name} from staff` : `Make ${user.name} staff`}
      onClick={() =>
        setRole.mutate(
          { id: user._id, role: staff ? 'user' : 'staff' },
          {
            onSuccess: (result) => {
              if (result.modifiedCount > 0) toast.success(staff ? `${user.name} is no longer staff` : `${user.name} is staff now`);
            },
            onError,
          },
        )
      }
      className="rounded-md px-3 py-1 font-semibold text-brand-900 ring-1 ring-brand-700 hover:bg-brand-50 disabled:opacity-60"
    >
      {staff ? 'Remove staff' : 'Make staff'}
    </button>
  );
}
