import { useId, useRef, type ReactNode } from 'react';
import { useModalDialog } from './use-modal-dialog.ts';

/**
 * A native modal dialog shown while it is mounted: focus stays inside and goes back to what opened
 * it (use-modal-dialog.ts; mark the first field with DIALOG_FIRST_FOCUS), Escape calls `onClose`, and
 * the title names it for screen readers. The parent decides when it goes by unmounting it. Used
 * by the board's moves and the account's deletion; the delete confirmation of the tables is its
 * own (ConfirmDialog), since it stays mounted and opens and closes with `open`.
 */
export function ModalDialog({ title, onClose, children }: { title: ReactNode; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  useModalDialog(ref, true);
  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl p-6 shadow-xl backdrop:bg-black/50"
    >
      <h2 id={`${id}-title`} className="font-display text-2xl font-bold text-stone-900">
        {title}
      </h2>
      {children}
    </dialog>
  );
}
