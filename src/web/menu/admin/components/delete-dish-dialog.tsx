import type { MenuItem } from '../../../../shared/menu.ts';
import { ModalDialog } from '../../../ui/modal-dialog.tsx';
import { DIALOG_FIRST_FOCUS } from '../../../ui/use-modal-dialog.ts';

/**
 * The confirmation before a dish is deleted (docs/product.md §18): it names the dish and offers the
 * gentler ways first. Deleting takes the dish out of every customer's cart (each is told which);
 * sold out or hidden keeps it, and its orders' history, for later.
 */
export function DeleteDishDialog({
  item,
  onDelete,
  onSoldOut,
  onHide,
  onClose,
}: {
  item: MenuItem;
  onDelete: () => void;
  onSoldOut: () => void;
  onHide: () => void;
  onClose: () => void;
}) {
  const button = 'rounded-md px-4 py-2 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';
  return (
    <ModalDialog title={`Delete ${item.name}?`} onClose={onClose}>
      <p className="mt-3 text-stone-700">
        You won&apos;t be able to revert this! Customers who have {item.name} in their cart lose it (their cart tells them).
      </p>
      <p className="mt-3 text-stone-700">
        Run out for today? Mark it <strong>sold out</strong>. Off the menu for a while? <strong>Hide</strong> it. Both keep the dish for later.
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        {!item.soldOut && (
          <button type="button" onClick={onSoldOut} className={`${button} bg-brand-800 text-white hover:bg-brand-900`}>
            Mark sold out instead
          </button>
        )}
        {!item.hidden && (
          <button type="button" onClick={onHide} className={`${button} bg-stone-800 text-white hover:bg-stone-900`}>
            Hide instead
          </button>
        )}
        <button type="button" onClick={onDelete} className={`${button} bg-red-700 text-white hover:bg-red-800`}>
          Yes, delete it!
        </button>
        <button type="button" {...DIALOG_FIRST_FOCUS} onClick={onClose} className={`${button} bg-stone-200 text-stone-800 hover:bg-stone-300`}>
          Cancel
        </button>
      </div>
    </ModalDialog>
  );
}
