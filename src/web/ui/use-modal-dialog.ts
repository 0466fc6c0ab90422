import { useEffect, type RefObject } from 'react';

/** Marks the element a dialog gives the focus to when it opens (React keeps `autoFocus` to itself). */
export const DIALOG_FIRST_FOCUS = { 'data-autofocus': true } as const;

const CANDIDATES = 'a[href], button, input, select, textarea, summary, [tabindex]';

/**
 * The elements Tab stops at inside `root`, in order: enabled, shown, not taken out of the tab order,
 * and of each group of radio buttons only the one Tab lands on (the checked one, else the first).
 */
function tabStops(root: HTMLElement): HTMLElement[] {
  const radioGroups = new Set<string>();
  return [...root.querySelectorAll<HTMLElement>(CANDIDATES)].filter((element) => {
    if (element.tabIndex < 0 || element.matches(':disabled') || element.closest('[inert]') || !element.checkVisibility()) return false;
    if (element instanceof HTMLInputElement && element.type === 'radio' && element.name) {
      const group = [...root.querySelectorAll<HTMLInputElement>(`input[type="radio"][name="${CSS.escape(element.name)}"]`)].filter((r) => !r.disabled);
      const stop = group.find((r) => r.checked) ?? group[0];
      if (element !== stop || radioGroups.has(element.name)) return false;
      radioGroups.add(element.name);
    }
    return true;
  });
}

/**
 * Tab wraps inside the dialog so focus never escapes to the browser's bar; on close, focus returns
 * to the opener if it still exists (WCAG 2.4.3). When the opener goes away with the dialog (a moved
 * order, a deleted row), the page must place focus itself after the close.
 */
export function useModalDialog(ref: RefObject<HTMLDialogElement | null>, open: boolean): void {
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const opener = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();

    const keepInside = (event: KeyboardEvent) => {
      if (event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey) return;
      const stops = tabStops(dialog);
      if (stops.length === 0) return;
      const first = stops[0]!;
      const last = stops.at(-1)!;
      const active = document.activeElement;
      const outside = !(active instanceof HTMLElement) || !stops.includes(active);
      if (event.shiftKey ? active === first || outside : active === last || outside) {
        event.preventDefault();
        (event.shiftKey ? last : first).focus();
      }
    };
    dialog.addEventListener('keydown', keepInside);
    return () => {
      dialog.removeEventListener('keydown', keepInside);
      if (dialog.open) dialog.close();
      if (opener?.isConnected && !opener.closest('[inert]')) opener.focus();
    };
  }, [ref, open]);
}
