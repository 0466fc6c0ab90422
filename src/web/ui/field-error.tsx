/**
 * The message under a field that was filled in wrong. Its `id` is what the field's
 * `aria-describedby` names (with `aria-invalid` on the field), so a screen reader reads it with the
 * field; `role="alert"` reads it out as soon as it appears, while the focus may be elsewhere (on
 * the button that was pressed). WCAG 3.3.1 and 4.1.3.
 */
export function FieldError({ id, message, className = 'text-sm font-medium text-red-700' }: { id: string; message: string | undefined; className?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className={className}>
      {message}
    </p>
  );
}
