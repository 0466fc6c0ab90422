import { PRINTER_PORT_DEFAULT, printerInputSchema, type Printer, type PrinterInput } from '../../../shared/printers.ts';
import { QueryError } from '../../ui/query-error.tsx';
import { useToast } from '../../ui/toast.tsx';
import { useAddPrinter, useAdminPrinters, useRemovePrinter, useTestPrinter, useUpdatePrinter } from '../api/printers-admin-api.ts';
import { SettingsForm, SettingsRow, settingsButtonClass, useRound } from './settings-list.tsx';

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
  const outcome = printer.failing
    ? `Not answering since ${new Date(printer.lastErrorAt!).toLocaleTimeString()} (${printer.lastError})`
    : printer.lastSuccessAt
      ? `Last printed ${new Date(printer.lastSuccessAt).toLocaleTimeString()}`
      : 'Nothing printed yet';
  return (
    <SettingsRow
      testId="printer"
      label={printer.name}
      summary={
        <>
          <p className="font-semibold">
            {printer.name} <span className="font-normal text-stone-700">{`${printer.host}:${printer.port}`}</span>
          </p>
          <p className={`text-sm ${printer.failing ? 'font-semibold text-red-800' : 'text-stone-700'}`}>
            {printer.printOnAccept ? 'Prints on accept' : 'Prints only when asked'} · {outcome}
          </p>
        </>
      }
      actions={
        <button
          type="button"
          className={settingsButtonClass}
          disabled={test.isPending}
          onClick={() => test.mutate(printer, { onSuccess: () => toast.success(`Test page sent to ${printer.name}`), onError: (e) => toast.error(e.message) })}
        >
          Print test page<span className="sr-only"> on {printer.name}</span>
        </button>
      }
      removal={{
        title: `Remove ${printer.name}?`,
        detail: 'Tickets no longer print on it; tickets waiting for it are not printed.',
        busy: remove.isPending,
        remove: () => remove.mutate(printer, { onSuccess: () => toast.success(`${printer.name} removed`), onError: (e) => toast.error(e.message) }),
      }}
      form={(close) => (
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
      )}
    />
  );
}

const EMPTY_PRINTER = { name: '', host: '', port: PRINTER_PORT_DEFAULT, printOnAccept: true };

function AddPrinter() {
  const add = useAddPrinter();
  const toast = useToast();
  const [round, next] = useRound();
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
        next();
      }}
    />
  );
}

/** A printer's address and whether it prints on accept. */
function PrinterForm({
  initial,
  ...props
}: { initial: PrinterInput } & Pick<
  Parameters<typeof SettingsForm<{ name: string; host: string; port: string; printOnAccept: boolean }, PrinterInput>>[0],
  'title' | 'submitLabel' | 'busy' | 'focusFirst' | 'onSubmit' | 'onCancel'
>) {
  return (
    <SettingsForm
      {...props}
      initial={{ name: initial.name, host: initial.host, port: String(initial.port), printOnAccept: initial.printOnAccept }}
      fields={[
        { key: 'name', label: 'Printer name' },
        { key: 'host', label: 'Host name or IP address' },
        { key: 'port', label: 'Port', numeric: true },
      ]}
      check={(draft) => printerInputSchema.safeParse({ ...draft, port: draft.port.trim() === '' ? undefined : Number(draft.port) })}
      extra={(draft, change) => (
        <label className="flex items-center gap-2 text-sm font-semibold text-stone-700 sm:col-span-2">
          <input type="checkbox" checked={draft.printOnAccept} onChange={(e) => change({ printOnAccept: e.target.checked })} />
          Print tickets by itself when an order is accepted
        </label>
      )}
      failure="The printer could not be saved. Please try again."
    />
  );
}
