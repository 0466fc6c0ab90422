import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { PRODUCT_NAME } from '../../../shared/product.ts';
import { tableLabel, type RestaurantTable } from '../../../shared/tables.ts';
import { RequireUser } from '../../dashboard/require-user.tsx';
import { LoadingScreen } from '../../ui/loading-screen.tsx';
import { QueryError } from '../../ui/query-error.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useAdminTables } from '../api/tables-admin-api.ts';

/**
 * The tables' QR codes on A4 (docs/product.md, "Tables and their codes"): one cell per table with
 * its code, its name and area and the shop's name, printed by the browser without the frame.
 */
export function Page() {
  return (
    <RequireUser>
      <Sheet />
    </RequireUser>
  );
}

function Sheet() {
  usePageTitle('Table QR codes');
  const tables = useAdminTables();
  if (tables.isPending) return <LoadingScreen />;
  if (tables.isError) return <QueryError title="The tables could not be loaded" error={tables.error} onRetry={tables.refetch} className="" />;
  return (
    <main className="mx-auto max-w-[210mm] p-4 text-black print:p-0">
      {/* A4 with a margin the printers keep; the cells never split over two pages. */}
      <style>{'@page { size: A4; margin: 12mm; }'}</style>
      <nav aria-label="QR codes" className="mb-4 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link to={paths.settings} className="font-semibold text-brand-800 underline">
          ← Settings
        </Link>
        <h1 className="font-display text-xl font-bold">Table QR codes</h1>
        <button type="button" onClick={() => window.print()} className="rounded-md bg-brand-800 px-5 py-2 font-bold text-white hover:bg-brand-900">
          Print
        </button>
      </nav>
      {tables.data.length === 0 ? (
        <p>
          No tables yet: add them under <Link to={paths.settings}>Settings</Link>.
        </p>
      ) : (
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 print:grid-cols-3">
          {tables.data.map((table) => (
            <TableCode key={table.id} table={table} />
          ))}
        </ul>
      )}
    </main>
  );
}

function TableCode({ table }: { table: RestaurantTable }) {
  const link = new URL(table.path, window.location.origin).href;
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    // Error correction M: still read with a smudge or a fold, and small enough for a 5 cm cell.
    void QRCode.toString(link, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }).then((text) => live && setSvg(text));
    return () => {
      live = false;
    };
  }, [link]);
  const label = tableLabel(table);
  return (
    <li data-testid="table-code" data-link={link} className="flex break-inside-avoid flex-col items-center rounded-md border border-stone-400 p-3 text-center">
      {svg ? <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`} alt={`QR code of table ${label}: ${link}`} className="aspect-square w-full max-w-48" /> : <div className="aspect-square w-full max-w-48" />}
      <p className="mt-2 text-xl font-bold">Table {table.name}</p>
      {table.area && <p className="text-stone-800">{table.area}</p>}
      <p className="mt-1 text-sm">{PRODUCT_NAME} · scan to order</p>
    </li>
  );
}
