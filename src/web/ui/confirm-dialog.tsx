import { useId, useRef } from 'react';
import { useT } from '../i18n/i18n.ts';
import { DIALOG_FIRST_FOCUS, useModalDialog } from './use-modal-dialog.ts';

/**
 * The spec's delete confirmation. Cancel takes the first focus so Enter never deletes by accident.
 * Only pages inside the dashboard's frame show it: its words are the frame's (`dashboard.confirm.*`).
 */
export function ConfirmDialog({
  open,
  onConfirm,
  onCancel,
  detail,
}: {
  open: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Read to screen readers after the warning, e.g. what is about to be deleted. */
  detail?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const t = useT();
  useModalDialog(ref, open);
  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      className="m-auto w-[min(24rem,calc(100vw-2rem))] rounded-xl p-6 text-center shadow-xl backdrop:bg-black/50"
    >
      <h2 id={`${id}-title`} className="text-2xl font-bold text-stone-800">
        {t('dashboard.confirm.title')}
      </h2>
      <p id={`${id}-text`} className="mt-2 text-stone-600">
        {t('dashboard.confirm.text')}
        {detail && <span className="sr-only"> {detail}</span>}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <button type="button" onClick={onConfirm} className="rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800">
          {t('dashboard.confirm.yes')}
        </button>
        <button
          type="button"
          {...DIALOG_FIRST_FOCUS}
          onClick={onCancel}
          className="rounded-md bg-stone-200 px-4 py-2 font-semibold text-stone-800 hover:bg-stone-300"
        >
          {t('dashboard.confirm.cancel')}
        </button>
      </div>
    </dialog>
  );
}
