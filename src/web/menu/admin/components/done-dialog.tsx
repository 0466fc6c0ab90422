import { useRef } from 'react';
import { useT } from '../../../i18n/i18n.ts';
import { DIALOG_FIRST_FOCUS, useModalDialog } from '../../../ui/use-modal-dialog.ts';

/** The spec's success dialog after a delete: 'Deleted!' / 'Your item has been deleted.' */
export function DoneDialog({ open, title, text, onClose }: { open: boolean; title: string; text: string; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const t = useT();
  useModalDialog(ref, open);
  return (
    <dialog
      ref={ref}
      aria-labelledby="done-title"
      aria-describedby="done-text"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="m-auto w-[min(24rem,calc(100vw-2rem))] rounded-xl p-6 text-center shadow-xl backdrop:bg-black/50"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="mx-auto h-14 w-14 text-brand-700" fill="none" stroke="currentColor" strokeWidth="2">
        <circle cx="12" cy="12" r="10" />
        <path d="m7 12.5 3.2 3.2L17 9" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <h2 id="done-title" className="mt-3 text-2xl font-bold text-stone-800">
        {title}
      </h2>
      <p id="done-text" className="mt-2 text-stone-600">
        {text}
      </p>
      <button
        type="button"
        {...DIALOG_FIRST_FOCUS}
        onClick={onClose}
        className="mt-6 rounded-md bg-brand-700 px-6 py-2 font-semibold text-white hover:bg-brand-800"
      >
        {t('admin.done.ok')}
      </button>
    </dialog>
  );
}
