import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ConfirmDialog } from './confirm-dialog.tsx';

/** What a cell is drawn with: its row's place (from 0) and the way to ask to delete the row. */
export interface CellContext<Row> {
  index: number;
  /** Opens the delete confirmation for the row; `onDelete` runs only after 'Yes, delete it!'. */
  askToDelete: (row: Row) => void;
}

export interface Column<Row> {
  header: string;
  cell: (row: Row, context: CellContext<Row>) => ReactNode;
  /** Classes of the column's cells (weight, wrapping). */
  className?: string;
}

interface DataTableProps<Row> {
  /** Names the table and its scroll box for screen readers. */
  label: string;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** A test id on each row, for browser tests that read one row. */
  rowTestId?: string;
  columns: readonly Column<Row>[];
  /** Deletes a row, once the user has confirmed it. */
  onDelete?: (row: Row) => void;
  /** Read to screen readers in the confirmation, e.g. what is about to be deleted. */
  deleteDetail?: (row: Row) => string;
  /** A class of the table's own, for a layout of its rows on a phone other than label and value. */
  className?: string;
}

/**
 * On phones each row becomes a card (`.data-table` in styles.css) so no column is cut off; the
 * explicit roles keep it a table for screen readers once CSS changes its display.
 */
export function DataTable<Row>({ label, rows, rowKey, rowTestId, columns, onDelete, deleteDetail, className = '' }: DataTableProps<Row>) {
  const [toDelete, setToDelete] = useState<Row | null>(null);
  const askToDelete = (row: Row) => setToDelete(() => row);
  // The row's Delete button goes with the row: the focus waits on the table instead of falling
  // to the top of the page. Set after the dialog has given it back to the button (the dialog
  // closes in a layout effect, before this effect runs: ui/use-modal-dialog.ts).
  const region = useRef<HTMLDivElement>(null);
  const [deleted, setDeleted] = useState(0);
  useEffect(() => {
    if (deleted > 0) region.current?.focus();
  }, [deleted]);
  return (
    <>
      <div ref={region} className="mt-4 overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-stone-200" tabIndex={0} role="region" aria-label={label}>
        <table role="table" className={`data-table w-full text-left text-sm ${className}`}>
          <caption className="sr-only">{label}</caption>
          <thead role="rowgroup" className="bg-brand-800 text-white">
            <tr role="row">
              {columns.map((column) => (
                <th key={column.header} role="columnheader" scope="col" className="px-3 py-3">
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody role="rowgroup">
            {rows.map((row, index) => (
              <tr key={rowKey(row)} role="row" data-testid={rowTestId} data-row-key={rowKey(row)} className="border-t border-stone-200">
                {columns.map((column) => (
                  <td key={column.header} role="cell" data-label={column.header} className={`px-3 py-3 ${column.className ?? ''}`}>
                    {column.cell(row, { index, askToDelete })}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {onDelete && (
        <ConfirmDialog
          open={toDelete !== null}
          detail={toDelete !== null ? deleteDetail?.(toDelete) : undefined}
          onCancel={() => setToDelete(null)}
          onConfirm={() => {
            const target = toDelete;
            setToDelete(null);
            if (target !== null) {
              setDeleted((n) => n + 1);
              onDelete(target);
            }
          }}
        />
      )}
    </>
  );
}
