import { usePrinterStatuses } from '../api/printers-api.ts';
import { useFormat } from '../../i18n/format.ts';
import { useT } from '../../i18n/i18n.ts';
import { useShopTimeZone } from '../use-shop-time-zone.ts';

/**
 * The board header's word on the kitchen printers: nothing while they answer (or none is set
 * up), a red line naming each one that stopped answering, since when and why.
 */
export function PrinterStatus() {
  const t = useT();
  const format = useFormat();
  const statuses = usePrinterStatuses();
  const timeZone = useShopTimeZone();
  const failing = (statuses.data ?? []).filter((printer) => printer.failing);
  if (failing.length === 0) return null;
  return (
    <p role="alert" data-testid="printer-status" className="rounded-md bg-red-100 px-3 py-1 text-sm font-semibold text-red-900">
      {failing.map((printer) => (
        <span key={printer.id} className="block">
          {t('board.printer.notAnswering', { name: printer.name, time: format.time(printer.lastErrorAt!, timeZone) })}
          {printer.lastError && <span className="font-normal"> ({printer.lastError})</span>}
        </span>
      ))}
    </p>
  );
}
