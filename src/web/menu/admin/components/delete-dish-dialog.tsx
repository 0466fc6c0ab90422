import type { MenuItem } from '../../../../shared/menu.ts';
import { Trans } from '@lingui/react';
import { useT } from '../../../i18n/i18n.ts';
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
  const t = useT();
  const button = 'rounded-md px-4 py-2 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';
  return (
    <ModalDialog title={t('admin.delete.title', { name: item.name })} onClose={onClose}>
      <p className="mt-3 text-stone-700">
        {t('admin.delete.warning', { name: item.name })}
      </p>
      <p className="mt-3 text-stone-700">
        <Trans id="admin.delete.gentler" components={{ 0: <strong />, 1: <strong /> }} />
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        {!item.soldOut && (
          <button type="button" onClick={onSoldOut} className={`${button} bg-brand-800 text-white hover:bg-brand-900`}>
            {t('admin.delete.soldOut')}
          </button>
        )}
        {!item.hidden && (
          <button type="button" onClick={onHide} className={`${button} bg-stone-800 text-white hover:bg-stone-900`}>
            {t('admin.delete.hide')}
          </button>
        )}
        <button type="button" onClick={onDelete} className={`${button} bg-red-700 text-white hover:bg-red-800`}>
          {t('dashboard.confirm.yes')}
        </button>
        <button type="button" {...DIALOG_FIRST_FOCUS} onClick={onClose} className={`${button} bg-stone-200 text-stone-800 hover:bg-stone-300`}>
          {t('dashboard.confirm.cancel')}
        </button>
      </div>
    </ModalDialog>
  );
}
