/**
 * Named by the field's `aria-describedby`, so it is read with the field; `role="alert"` reads it
 * at once while focus is still on the pressed button. WCAG 3.3.1 and 4.1.3.
 */
export function FieldError({ id, message, className = 'text-sm font-medium text-red-700' }: { id: string; message: string | undefined; className?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className={className}>
      {message}
    </p>
  );
}
