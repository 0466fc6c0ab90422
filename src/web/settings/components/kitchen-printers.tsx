import { useId, useRef, useState, type FormEvent } from 'react';
import { PRINTER_PORT_DEFAULT, printerInputSchema, type Printer, type PrinterInput } from '../../../shared/printers.ts';
import { ApiRequestError } from '../../lib/api-client.ts';
import { QueryError } from '../../ui/query-error.tsx';
import { useToast } from '../../ui/toast.tsx';
import { useAddPrinter, useAdminPrinters, useRemovePrinter, useTestPrinter, useUpdatePrinter } from '../api/printers-admin-api.ts';

const inputClass =
  'mt-1 w-full rounded-md border border-stone-500 bg-white px-3 py-2 text-stone-900 focus:border-brand-700 focus:outline-2 focus:outline-brand-700 aria-invalid:border-red-700';
const buttonClass = 'rounded-md px-3 py-1.5 text-sm font-semibold ring-1 ring-stone-400 hover:bg-stone-100 disabled:text-stone-500';

/**
 * The kitchen printers (docs/product.md §25): the list with each one's last outcome, a test page,
 * editing, removal, and a form to add one; checked with the server's own schema before it is sent.
 */
export function KitchenPrinters() {
  const printers = useAdminPrinters();
  return (
    <section aria-labelledby="printers-heading" className="max-w-3xl space-y-4 pb-12">
      <h2 id="printers-heading" className="text-lg font-bold text-brand-900">
        Kitchen printers
      </h2>
      <p className="text-sm text-stone-700">Network receipt printers (ESC/POS over TCP). Tickets print by themselves when staff accept an order.</p>
      {printers.isError && <QueryError title="The printers could not be loaded" error={printers.error} onRetry={printers.refetch} className="" />}
      {printers.data && printers.data.length > 0 && (
        <ul className="space-y-2">
          {printers.data.map((printer) => (
            <PrinterRow key={printer.id} printer={printer} />
          ))}
        </ul>
      )}
      <AddPrinter />
    </section>
  );
}

function PrinterRow({ printer }: { printer: Printer }) {
  const test = useTestPrinter();
  const remove = useRemovePrinter();
  const update = useUpdatePrinter();
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const outcome = printer.failing
    ? `Not answering since ${new Date(printer.lastErrorAt!).toLocaleTimeString()} (${printer.lastError})`
    : printer.lastSuccessAt
      ? `Last printed ${new Date(printer.lastSuccessAt).toLocaleTimeString()}`
      : 'Nothing printed yet';
  // Back to the row, the focus on its Edit button, where the keyboard left it.
  const close = () => {
    setEditing(false);
    setTimeout(() => editButton.current?.focus());
  };
  if (editing) {
    return (
      <li data-testid="printer">
        <PrinterForm
          title={`Edit ${printer.name}`}
          submitLabel="Save printer"
          initial={printer}
          busy={update.isPending}
          focusFirst
          onCancel={close}
          onSubmit={async (input) => {
            await update.mutateAsync({ id: printer.id, input });
            toast.success(`${input.name} saved`);
            close();
          }}
        />
      </li>
    );
  }
  return (
    <li data-testid="printer" className="flex flex-wrap items-center justify-between gap-2 rounded-md p-3 ring-1 ring-stone-200">
      <div>
        <p className="font-semibold">
          {printer.name} <span className="font-normal text-stone-700">{`${printer.host}:${printer.port}`}</span>
        </p>
        <p className={`text-sm ${printer.failing ? 'font-semibold text-red-800' : 'text-stone-700'}`}>
          {printer.printOnAccept ? 'Prints on accept' : 'Prints only when asked'} · {outcome}
        </p>
      </div>
      <div className="flex gap-2">
        <button
          type="button"
          className={buttonClass}
          disabled={test.isPending}
          onClick={() => test.mutate(printer, { onSuccess: () => toast.success(`Test page sent to ${printer.name}`), onError: (e) => toast.error(e.message) })}
        >
          Print test page<span className="sr-only"> on {printer.name}</span>
        </button>
        <button ref={editButton} type="button" className={buttonClass} onClick={() => setEditing(true)}>
          Edit<span className="sr-only"> {printer.name}</span>
        </button>
        <button
          type="button"
          className={buttonClass}
          disabled={remove.isPending}
          onClick={() => remove.mutate(printer, { onSuccess: () => toast.success(`${printer.name} removed`), onError: (e) => toast.error(e.message) })}
        >
          Remove<span className="sr-only"> {printer.name}</span>
        </button>
      </div>
    </li>
  );
}

const EMPTY_PRINTER = { name: '', host: '', port: PRINTER_PORT_DEFAULT, printOnAccept: true };

function AddPrinter() {
  const add = useAddPrinter();
  const toast = useToast();
  // A new key empties the form after each printer added.
  const [round, setRound] = useState(0);
  return (
    <PrinterForm
      key={round}
      title="Add a printer"
      submitLabel="Add printer"
      initial={EMPTY_PRINTER}
      busy={add.isPending}
      onSubmit={async (input) => {
        await add.mutateAsync(input);
        toast.success(`${input.name} added`);
        setRound((r) => r + 1);
      }}
    />
  );
}

/**
 * A printer's fields, to add one or change one: checked with the server's schema first, then the
 * server's own field errors shown at their fields.
 */
function PrinterForm({
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
  initial: PrinterInput;
  busy: boolean;
  focusFirst?: boolean;
  onSubmit: (input: PrinterInput) => Promise<void>;
  onCancel?: () => void;
}) {
  const id = useId();
  const toast = useToast();
  const [draft, setDraft] = useState({ name: initial.name, host: initial.host, port: String(initial.port), printOnAccept: initial.printOnAccept });
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const field = (key: string) => ({
    id: `${id}-${key}`,
    'aria-invalid': errors[key] ? true : undefined,
    'aria-describedby': errors[key] ? `${id}-${key}-error` : undefined,
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = printerInputSchema.safeParse({ ...draft, port: draft.port.trim() === '' ? undefined : Number(draft.port) });
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
      toast.error(error instanceof Error ? error.message : 'The printer could not be saved. Please try again.');
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby={`${id}-legend`} className="grid gap-3 rounded-md p-3 ring-1 ring-stone-200 sm:grid-cols-3">
      <h3 id={`${id}-legend`} className="font-semibold text-brand-900 sm:col-span-3">
        {title}
      </h3>
      {(['name', 'host', 'port'] as const).map((key) => (
        <div key={key}>
          <label htmlFor={`${id}-${key}`} className="block text-sm font-semibold text-stone-700">
            {{ name: 'Printer name', host: 'Host name or IP address', port: 'Port' }[key]}
          </label>
          <input
            {...field(key)}
            // Opened by its Edit button: the keyboard goes on in the form.
            autoFocus={focusFirst && key === 'name'}
            className={inputClass}
            inputMode={key === 'port' ? 'numeric' : undefined}
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
      <label className="flex items-center gap-2 text-sm font-semibold text-stone-700 sm:col-span-2">
        <input type="checkbox" checked={draft.printOnAccept} onChange={(e) => setDraft((d) => ({ ...d, printOnAccept: e.target.checked }))} />
        Print tickets by itself when an order is accepted
      </label>
      <div className="flex gap-2">
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
