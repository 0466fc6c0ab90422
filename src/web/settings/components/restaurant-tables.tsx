import { Link } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { tableInputSchema, tableLabel, type RestaurantTable, type TableInput } from '../../../shared/tables.ts';
import { QueryError } from '../../ui/query-error.tsx';
import { useToast } from '../../ui/toast.tsx';
import { useAdminTables, useTableChange } from '../api/tables-admin-api.ts';
import { SettingsForm, SettingsRow, settingsButtonClass, useRound } from './settings-list.tsx';

/**
 * The restaurant's tables (docs/product.md, "Tables and their codes"): the list, each table's
 * name and area, a new code for one, removal, a form to add one, and the sheet of QR codes.
 */
export function RestaurantTables() {
  const tables = useAdminTables();
  return (
    <section aria-labelledby="tables-heading" className="max-w-3xl space-y-4 pb-12">
      <h2 id="tables-heading" className="text-lg font-bold text-brand-900">
        Tables
      </h2>
      <p className="text-sm text-stone-700">Each table gets a QR code: a guest who scans it orders to that table. A new code ends the old one.</p>
      {tables.isError && <QueryError title="The tables could not be loaded" error={tables.error} onRetry={tables.refetch} className="" />}
      {tables.data && tables.data.length > 0 && (
        <>
          <ul className="space-y-2">
            {tables.data.map((table) => (
              <TableRow key={table.id} table={table} />
            ))}
          </ul>
          <Link to={paths.tableCodes} className="inline-block rounded-md bg-brand-800 px-4 py-2 font-bold text-white hover:bg-brand-900">
            Print the QR codes
          </Link>
        </>
      )}
      <AddTable />
    </section>
  );
}

function TableRow({ table }: { table: RestaurantTable }) {
  const change = useTableChange();
  const toast = useToast();
  const label = tableLabel(table);
  const act = (kind: 'regenerate' | 'remove', done: string) =>
    change.mutate({ kind, id: table.id }, { onSuccess: () => toast.success(done), onError: (e) => toast.error(e.message) });
  return (
    <SettingsRow
      testId="table"
      label={`table ${label}`}
      summary={
        <p className="font-semibold">
          Table {table.name} {table.area && <span className="font-normal text-stone-700">{table.area}</span>}
        </p>
      }
      actions={
        <button type="button" className={settingsButtonClass} disabled={change.isPending} onClick={() => act('regenerate', `Table ${label} has a new code: print it again`)}>
          New code<span className="sr-only"> for table {label}</span>
        </button>
      }
      removal={{
        title: `Remove table ${label}?`,
        detail: 'Its QR code stops working at once. Orders already placed keep the table.',
        busy: change.isPending,
        remove: () => act('remove', `Table ${label} removed`),
      }}
      form={(close) => (
        <TableForm
          title={`Edit table ${label}`}
          submitLabel="Save table"
          initial={{ name: table.name, area: table.area ?? '' }}
          busy={change.isPending}
          focusFirst
          onCancel={close}
          onSubmit={async (input) => {
            await change.mutateAsync({ kind: 'edit', id: table.id, input });
            toast.success(`Table ${tableLabel({ name: input.name, area: input.area })} saved`);
            close();
          }}
        />
      )}
    />
  );
}

function AddTable() {
  const change = useTableChange();
  const toast = useToast();
  const [round, next] = useRound();
  return (
    <TableForm
      key={round}
      title="Add a table"
      submitLabel="Add table"
      initial={{ name: '', area: '' }}
      busy={change.isPending}
      onSubmit={async (input) => {
        await change.mutateAsync({ kind: 'add', input });
        toast.success(`Table ${tableLabel({ name: input.name, area: input.area })} added`);
        next();
      }}
    />
  );
}

type TableFormProps = Pick<
  Parameters<typeof SettingsForm<{ name: string; area: string }, TableInput>>[0],
  'title' | 'submitLabel' | 'initial' | 'busy' | 'focusFirst' | 'onSubmit' | 'onCancel'
>;

/** A table's name and area. */
function TableForm(props: TableFormProps) {
  return (
    <SettingsForm
      {...props}
      fields={[
        { key: 'name', label: 'Table name or number' },
        { key: 'area', label: 'Area (optional)' },
      ]}
      check={(draft) => tableInputSchema.safeParse({ name: draft.name, ...(draft.area.trim() ? { area: draft.area } : {}) })}
      failure="The table could not be saved. Please try again."
      conflictField="name"
    />
  );
}
