import type { InputHTMLAttributes } from 'react';
import { FieldError } from '../../ui/field-error.tsx';

/** A labelled input of the account forms, with its error read out with it. */
export function FormField({
  label,
  error,
  id,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; id: string; error?: string | undefined }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold text-stone-700">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="rounded-md border border-stone-500 px-3 py-2 text-base focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-600/40"
        {...input}
      />
      <FieldError id={`${id}-error`} message={error} className="text-sm text-red-700" />
    </div>
  );
}

/** The message of a failed request, or a fallback. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
