import { useT } from '../i18n/i18n.ts';

/**
 * A query that failed: what could not be loaded and why, and 'Try again', which asks once more.
 * `title` is the start of the sentence, e.g. "Your cart could not be loaded".
 */
export function QueryError({ title, error, onRetry, className = 'mt-6' }: { title: string; error: Error; onRetry: () => unknown; className?: string }) {
  const t = useT();
  return (
    <div role="alert" className={`rounded-xl bg-red-50 p-4 text-red-800 ${className}`}>
      {title}: {error.message}{' '}
      <button type="button" className="font-semibold underline" onClick={() => void onRetry()}>
        {t('ui.tryAgain')}
      </button>
    </div>
  );
}
