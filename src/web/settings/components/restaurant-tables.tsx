import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { tableInputSchema, tableLabel, type RestaurantTable, type TableInput } from '../../../shared/tables.ts';
import { ApiRequestError } from '../../lib/api-client.ts';
import { QueryError } from '../../ui/query-error.tsx';
import { useToast } from '../../ui/toast.tsx';
import { useAdminTables, useTableChange } from '../api/tables-admin-api.ts';

const inputClass =
  'mt-1 w-full rounded-md border border-stone-500 bg-white px-3 py-2 text-stone-900 focus:border-brand-700 focus:outline-2 focus:outline-brand-700 aria-invalid:border-red-700';
const buttonClass = 'rounded-md px-3 py-1.5 text-sm font-semibold ring-1 ring-stone-400 hover:bg-stone-100 disabled:text-stone-500';

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
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const label = tableLabel(table);
  // Back to the row, the focus on its Edit button, where the keyboard left it.
  const close = () => {
    setEditing(false);
    setTimeout(() => editButton.current?.focus());
  };
  if (editing) {
    return (
      <li data-testid="table">
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
      </li>
    );
  }
  const act = (kind: 'regenerate' | 'remove', done: string) =>
    change.mutate({ kind, id: table.id }, { onSuccess: () => toast.success(done), onError: (e) => toast.error(e.message) });
  return (
    <li data-testid="table" className="flex flex-wrap items-center justify-between gap-2 rounded-md p-3 ring-1 ring-stone-200">
      <p className="font-semibold">
        Table {table.name} {table.area && <span className="font-normal text-stone-700">{table.area}</span>}
      </p>
      <div className="flex flex-wrap gap-2">
        <button ref={editButton} type="button" className={buttonClass} onClick={() => setEditing(true)}>
          Edit<span className="sr-only"> table {label}</span>
        </button>
        <button type="button" className={buttonClass} disabled={change.isPending} onClick={() => act('regenerate', `Table ${label} has a new code: print it again`)}>
          New code<span className="sr-only"> for table {label}</span>
        </button>
        <button type="button" className={buttonClass} disabled={change.isPending} onClick={() => act('remove', `Table ${label} removed`)}>
          Remove<span className="sr-only"> table {label}</span>
        </button>
      </div>
    </li>
  );
}

function AddTable() {
  const change = useTableChange();
  const toast = useToast();
  // A new key empties the form after each table added.
  const [round, setRound] = useState(0);
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
        setRound((r) => r + 1);
      }}
    />
  );
}

/** A table's name and area: checked with the server's schema first, then the server's own errors shown. */
function TableForm({
  title,
  submitLabel,
  initial,
  busy,
  focusFirst = false,
  onSubmit,
  onCancel,
}: {
  title: string;
  submitLabel: string;
  initial: { name: string; area: string };
  busy: boolean;
  focusFirst?: boolean;
  onSubmit: (input: TableInput) => Promise<void>;
  onCancel?: () => void;
}) {
  const id = useId();
  const toast = useToast();
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const field = (key: string) => ({
    id: `${id}-${key}`,
    'aria-invalid': errors[key] ? true : undefined,
    'aria-describedby': errors[key] ? `${id}-${key}-error` : undefined,
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = tableInputSchema.safeParse({ name: draft.name, ...(draft.area.trim() ? { area: draft.area } : {}) });
    if (!checked.success) {
      const found: Record<string, string[]> = {};
      for (const issue of checked.error.issues) (found[issue.path.join('.')] ??= []).push(issue.message);
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      await onSubmit(checked.data);
    } catch (error) {
      if (error instanceof ApiRequestError && error.body?.fieldErrors) setErrors(error.body.fieldErrors);
      else if (error instanceof ApiRequestError && error.status === 409) setErrors({ name: [error.message] });
      toast.error(error instanceof Error ? error.message : 'The table could not be saved. Please try again.');
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby={`${id}-legend`} className="grid gap-3 rounded-md p-3 ring-1 ring-stone-200 sm:grid-cols-3">
      <h3 id={`${id}-legend`} className="font-semibold text-brand-900 sm:col-span-3">
        {title}
      </h3>
      {(['name', 'area'] as const).map((key) => (
        <div key={key}>
          <label htmlFor={`${id}-${key}`} className="block text-sm font-semibold text-stone-700">
            {{ name: 'Table name or number', area: 'Area (optional)' }[key]}
          </label>
          <input
            {...field(key)}
            // Opened by its Edit button: the keyboard goes on in the form.
            autoFocus={focusFirst && key === 'name'}
            className={inputClass}
            value={draft[key]}
            onChange={(e) => setDraft((d) => ({ ...d, [key]: e.target.value }))}
          />
          {errors[key] && (
            <p id={`${id}-${key}-error`} className="mt-1 text-sm font-semibold text-red-700">
              {errors[key].join(' ')}
            </p>
          )}
        </div>
      ))}
      <div className="flex items-end gap-2">
        <button type="submit" disabled={busy} className="rounded-md bg-brand-800 px-4 py-2 font-bold text-white hover:bg-brand-900 disabled:bg-stone-300">
          {submitLabel}
        </button>
        {onCancel && (
          <button type="button" onClick={onCancel} className={buttonClass}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
