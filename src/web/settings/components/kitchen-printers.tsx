import { PRINTER_PORT_DEFAULT, printerInputSchema, type Printer, type PrinterInput } from '../../../shared/printers.ts';
import { useFormat } from '../../i18n/format.ts';
import { useT } from '../../i18n/i18n.ts';
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
  const t = useT();
  return (
    <section aria-labelledby="printers-heading" className="max-w-3xl space-y-4 pb-12">
      <h2 id="printers-heading" className="text-lg font-bold text-brand-900">
        {t('settings.printers')}
      </h2>
      <p className="text-sm text-stone-700">{t('settings.printers.note')}</p>
      {printers.isError && <QueryError title={t('settings.printers.loadFailed')} error={printers.error} onRetry={printers.refetch} className="" />}
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
  const t = useT();
  const format = useFormat();
  const outcome = printer.failing
    ? t('settings.printers.failing', { time: format.time(printer.lastErrorAt!), error: printer.lastError ?? '' })
    : printer.lastSuccessAt
      ? t('settings.printers.lastPrinted', { time: format.time(printer.lastSuccessAt) })
      : t('settings.printers.nothingYet');
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
            {printer.printOnAccept ? t('settings.printers.onAccept') : t('settings.printers.whenAsked')} · {outcome}
          </p>
        </>
      }
      actions={
        <button
          type="button"
          className={settingsButtonClass}
          disabled={test.isPending}
          onClick={() => test.mutate(printer, { onSuccess: () => toast.success(t('settings.printers.testSent', { name: printer.name })), onError: (e) => toast.error(e.message) })}
        >
          {t('settings.printers.test')}
          <span className="sr-only"> {t('settings.printers.testOn', { name: printer.name })}</span>
        </button>
      }
      removal={{
        title: t('settings.printers.removeTitle', { name: printer.name }),
        detail: t('settings.printers.removeDetail'),
        busy: remove.isPending,
        remove: () => remove.mutate(printer, { onSuccess: () => toast.success(t('settings.printers.removed', { name: printer.name })), onError: (e) => toast.error(e.message) }),
      }}
      form={(close) => (
        <PrinterForm
          title={t('settings.printers.editTitle', { name: printer.name })}
          submitLabel={t('settings.printers.save')}
          initial={printer}
          busy={update.isPending}
          focusFirst
          onCancel={close}
          onSubmit={async (input) => {
            await update.mutateAsync({ id: printer.id, input });
            toast.success(t('settings.printers.saved', { name: input.name }));
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
  const t = useT();
  return (
    <PrinterForm
      key={round}
      title={t('settings.printers.addTitle')}
      submitLabel={t('settings.printers.add')}
      initial={EMPTY_PRINTER}
      busy={add.isPending}
      onSubmit={async (input) => {
        await add.mutateAsync(input);
        toast.success(t('settings.printers.added', { name: input.name }));
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
  const t = useT();
  return (
    <SettingsForm
      {...props}
      initial={{ name: initial.name, host: initial.host, port: String(initial.port), printOnAccept: initial.printOnAccept }}
      fields={[
        { key: 'name', label: t('settings.printers.name') },
        { key: 'host', label: t('settings.printers.host') },
        { key: 'port', label: t('settings.printers.port'), numeric: true },
      ]}
      check={(draft) => printerInputSchema.safeParse({ ...draft, port: draft.port.trim() === '' ? undefined : Number(draft.port) })}
      extra={(draft, change) => (
        <label className="flex items-center gap-2 text-sm font-semibold text-stone-700 sm:col-span-2">
          <input type="checkbox" checked={draft.printOnAccept} onChange={(e) => change({ printOnAccept: e.target.checked })} />
          {t('settings.printers.printOnAccept')}
        </label>
      )}
      failure={t('settings.printers.saveFailed')}
    />
  );
}
