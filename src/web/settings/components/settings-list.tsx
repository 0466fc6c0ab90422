import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useT } from '../../i18n/i18n.ts';
import { ApiRequestError } from '../../lib/api-client.ts';
import { ModalDialog } from '../../ui/modal-dialog.tsx';
import { useToast } from '../../ui/toast.tsx';
import { DIALOG_FIRST_FOCUS } from '../../ui/use-modal-dialog.ts';

/**
 * The list-and-edit shape of the settings' own lists (tables, kitchen printers): a row with its
 * actions that turns into its form to edit, a removal confirmed first, and a form checked with
 * the server's schema before it is sent, the server's own field errors shown at their fields.
 */

export const settingsButtonClass = 'rounded-md px-3 py-1.5 text-sm font-semibold ring-1 ring-stone-400 hover:bg-stone-100 disabled:text-stone-500';
const inputClass =
  'mt-1 w-full rounded-md border border-stone-500 bg-white px-3 py-2 text-stone-900 focus:border-brand-700 focus:outline-2 focus:outline-brand-700 aria-invalid:border-red-700';

/**
 * One entry of a list: `summary` and its buttons, Edit and Remove among them. Edit opens
 * `form(close)` in the row's place; closing it gives the focus back to Edit. Remove asks first.
 */
export function SettingsRow({
  testId,
  label,
  summary,
  actions,
  form,
  removal,
}: {
  testId: string;
  /** The entry as a screen reader hears it after a button's name: "table 7 · Terrace". */
  label: string;
  summary: ReactNode;
  /** Buttons before Edit and Remove. */
  actions?: ReactNode;
  form: (close: () => void) => ReactNode;
  removal: { title: string; detail: string; busy: boolean; remove: () => void };
}) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const t = useT();
  // Back from the form, the focus is on Edit again, where the keyboard left the row.
  const [backFromForm, setBackFromForm] = useState(false);
  const close = () => {
    setEditing(false);
    setBackFromForm(true);
  };
  if (editing) return <li data-testid={testId}>{form(close)}</li>;
  return (
    <li data-testid={testId} className="flex flex-wrap items-center justify-between gap-2 rounded-md p-3 ring-1 ring-stone-200">
      <div>{summary}</div>
      <div className="flex flex-wrap gap-2">
        {actions}
        <button autoFocus={backFromForm} type="button" className={settingsButtonClass} onClick={() => setEditing(true)}>
          {t('settings.list.edit')}
          <span className="sr-only"> {label}</span>
        </button>
        <button type="button" className={settingsButtonClass} disabled={removal.busy} onClick={() => setConfirming(true)}>
          {t('settings.list.remove')}
          <span className="sr-only"> {label}</span>
        </button>
      </div>
      {confirming && (
        <ModalDialog title={removal.title} onClose={() => setConfirming(false)}>
          <p className="mt-2 text-stone-700">{removal.detail}</p>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <button
              type="button"
              {...DIALOG_FIRST_FOCUS}
              onClick={() => setConfirming(false)}
              className="rounded-md bg-stone-200 px-4 py-2 font-semibold text-stone-800 hover:bg-stone-300"
            >
              {t('dashboard.confirm.cancel')}
            </button>
            <button
              type="button"
              onClick={() => {
                setConfirming(false);
                removal.remove();
              }}
              className="rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800"
            >
              {t('settings.list.remove')}
            </button>
          </div>
        </ModalDialog>
      )}
    </li>
  );
}

type Draft = Record<string, string | boolean>;
type Checked<T> = { success: true; data: T } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };

/** An entry's text fields, with `extra` controls after them (a checkbox), to add an entry or change one. */
export function SettingsForm<D extends Draft, T>({
  title,
  submitLabel,
  fields,
  initial,
  check,
  extra,
  busy,
  focusFirst = false,
  failure,
  conflictField,
  onSubmit,
  onCancel,
}: {
  title: string;
  submitLabel: string;
  fields: readonly { key: keyof D & string; label: string; numeric?: boolean }[];
  initial: D;
  /** The server's own schema, run on the draft. */
  check: (draft: D) => Checked<T>;
  extra?: (draft: D, change: (next: Partial<D>) => void) => ReactNode;
  busy: boolean;
  /** Opened by an Edit button: the keyboard goes on in the form. */
  focusFirst?: boolean;
  /** The toast when the server's answer says nothing better. */
  failure: string;
  /** Where a 409 (a name already taken) is shown. */
  conflictField?: keyof D & string;
  onSubmit: (input: T) => Promise<void>;
  onCancel?: () => void;
}) {
  const id = useId();
  const toast = useToast();
  const t = useT();
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const change = (next: Partial<D>) => setDraft((d) => ({ ...d, ...next }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = check(draft);
    if (!checked.success) {
      const found: Record<string, string[]> = {};
      for (const issue of checked.error.issues) (found[issue.path.join('.')] ??= []).push(issue.message);
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      await onSubmit(checked.data);
    } catch (error) {
      if (error instanceof ApiRequestError && error.body?.fieldErrors) setErrors(error.body.fieldErrors);
      else if (conflictField && error instanceof ApiRequestError && error.status === 409) setErrors({ [conflictField]: [error.message] });
      toast.error(error instanceof Error ? error.message : failure);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby={`${id}-legend`} className="grid gap-3 rounded-md p-3 ring-1 ring-stone-200 sm:grid-cols-3">
      <h3 id={`${id}-legend`} className="font-semibold text-brand-900 sm:col-span-3">
        {title}
      </h3>
      {fields.map(({ key, label, numeric }, index) => (
        <div key={key}>
          <label htmlFor={`${id}-${key}`} className="block text-sm font-semibold text-stone-700">
            {label}
          </label>
          <input
            id={`${id}-${key}`}
            aria-invalid={errors[key] ? true : undefined}
            aria-describedby={errors[key] ? `${id}-${key}-error` : undefined}
            autoFocus={focusFirst && index === 0}
            className={inputClass}
            inputMode={numeric ? 'numeric' : undefined}
            value={String(draft[key])}
            onChange={(e) => change({ [key]: e.target.value } as Partial<D>)}
          />
          {errors[key] && (
            <p id={`${id}-${key}-error`} className="mt-1 text-sm font-semibold text-red-700">
              {errors[key].join(' ')}
            </p>
          )}
        </div>
      ))}
      {extra?.(draft, change)}
      <div className="flex items-end gap-2">
        <button type="submit" disabled={busy} className="rounded-md bg-brand-800 px-4 py-2 font-bold text-white hover:bg-brand-900 disabled:bg-stone-300">
          {submitLabel}
        </button>
        {onCancel && (
          <button type="button" onClick={onCancel} className={settingsButtonClass}>
            {t('dashboard.confirm.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}

/** The form to add an entry, empty again after each one added. */
export function useRound(): [number, () => void] {
  const [round, setRound] = useState(0);
  return [round, () => setRound((r) => r + 1)];
}
