import type { ReactNode } from 'react';
import { ApiRequestError } from '../../lib/api-client.ts';

/** One section of the profile page: a titled card. */
export function ProfileCard({ id, title, children, tone = 'plain' }: { id: string; title: string; children: ReactNode; tone?: 'plain' | 'danger' }) {
  return (
    <section aria-labelledby={id} className={`rounded-xl bg-white p-5 shadow-sm ring-1 ${tone === 'danger' ? 'ring-red-200' : 'ring-stone-200'} sm:p-6`}>
      <h2 id={id} className={`text-xl font-bold ${tone === 'danger' ? 'text-red-800' : 'text-brand-900'}`}>
        {title}
      </h2>
      <div className="mt-3 flex flex-col gap-3">{children}</div>
    </section>
  );
}

/** What a mutation answered: done (status) or failed (alert), read out when it changes. */
export function Outcome({ ok, error }: { ok?: string | null | undefined; error?: unknown }) {
  if (error) {
    return (
      <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm font-semibold text-red-800">
        {messageOfError(error)}
      </p>
    );
  }
  if (ok) {
    return (
      <p role="status" className="rounded-md bg-brand-50 px-3 py-2 text-sm font-semibold text-brand-800">
        {ok}
      </p>
    );
  }
  return null;
}

export function messageOfError(error: unknown): string {
  if (error instanceof ApiRequestError) {
    const fields = error.body?.fieldErrors;
    const first = fields ? Object.values(fields)[0]?.[0] : undefined;
    return first ?? error.message;
  }
  return error instanceof Error ? error.message : 'Something went wrong. Please try again.';
}

export const buttonClass = 'self-start rounded-md bg-brand-700 px-4 py-2 font-bold text-white hover:bg-brand-800 disabled:bg-stone-400';
export const quietButtonClass = 'self-start rounded-md bg-stone-200 px-4 py-2 font-semibold text-stone-800 hover:bg-stone-300 disabled:opacity-60';
