import { useState } from 'react';
import type { User } from '../../../shared/users.ts';
import { useToast } from '../../app/toast.tsx';
import { useAuth } from '../../auth/use-auth.ts';
import { LoadingScreen } from '../../ui/loading-screen.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useDeleteUser, usePromoteUser, useSetStaffRole, useUsers } from '../api/users-api.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';

/** Manage Users (spec section 2): 'TOTAL USER', the table, promote and delete; and staff, for the order board. */
export function Page() {
  usePageTitle('Manage Users');
  const { user: me } = useAuth();
  const users = useUsers();
  const promote = usePromoteUser();
  const remove = useDeleteUser();
  const toast = useToast();
  const [toDelete, setToDelete] = useState<User | null>(null);

  if (users.isPending) return <LoadingScreen />;
  if (users.isError) {
    return (
      <p role="alert" className="text-red-700">
        The users could not be loaded: {users.error.message}
      </p>
    );
  }

  function failure(error: unknown) {
    toast.error(error instanceof Error ? error.message : 'That did not work. Please try again.');
  }

  return (
    <section>
      <h1 className="font-display text-3xl font-bold text-brand-900">Manage Users</h1>
      <p className="mt-4 text-xl font-semibold uppercase text-stone-800">TOTAL USER: {users.data.length}</p>
      <div className="mt-4 overflow-x-auto rounded-xl bg-white shadow" tabIndex={0} role="region" aria-label="Users">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <thead className="bg-brand-800 text-white">
            <tr>
              <th scope="col" className="px-3 py-3">#</th>
              <th scope="col" className="px-3 py-3">Name</th>
              <th scope="col" className="px-3 py-3">Email</th>
              <th scope="col" className="px-3 py-3">Role</th>
              <th scope="col" className="px-3 py-3">Action</th>
            </tr>
          </thead>
          <tbody>
            {users.data.map((user, index) => (
              <tr key={user._id} className="border-t border-stone-200">
                <td className="px-3 py-3">{index + 1}</td>
                <td className="px-3 py-3 font-semibold">{user.name}</td>
                <td className="px-3 py-3 break-all">{user.email}</td>
                <td className="px-3 py-3">
                  {user.role === 'admin' ? (
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
                        className="rounded-md bg-accent-400 px-3 py-1 font-semibold text-brand-900 hover:bg-accent-500 disabled:opacity-60"
                      >
                        Make admin
                      </button>
                      <StaffButton user={user} onError={failure} />
                    </div>
                  )}
                </td>
                <td className="px-3 py-3">
                  <button
                    type="button"
                    disabled={user._id === me?.uid}
                    title={user._id === me?.uid ? 'You cannot delete your own account' : undefined}
                    aria-label={`Delete ${user.name}`}
                    onClick={() => setToDelete(user)}
                    className="rounded-md bg-red-700 px-3 py-1 font-semibold text-white hover:bg-red-800 disabled:cursor-not-allowed disabled:bg-stone-300"
                  >
                    Delete
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ConfirmDialog
        open={toDelete !== null}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          const target = toDelete;
          setToDelete(null);
          if (!target) return;
          remove.mutate(target._id, {
            onSuccess: (result) => {
              if (result.deletedCount > 0) toast.success('an admin deleted');
            },
            onError: failure,
          });
        }}
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
