import { useId, useRef, type ReactNode } from 'react';
import { useModalDialog } from './use-modal-dialog.ts';

/**
 * Open while mounted: the parent closes it by unmounting. Mark the first field with
 * DIALOG_FIRST_FOCUS. ConfirmDialog is separate because it stays mounted and follows `open`.
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
