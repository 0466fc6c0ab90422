/** A failed read, said plainly, with a way to try again. */
export function QueryError({ what, error, retry }: { what: string; error: Error; retry: () => void }) {
  return (
    <div role="alert" className="mt-6 rounded-xl bg-red-50 p-4 text-red-800">
      {what} could not be loaded: {error.message}{' '}
      <button type="button" className="font-semibold underline" onClick={retry}>
        Try again
      </button>
    </div>
  );
}
