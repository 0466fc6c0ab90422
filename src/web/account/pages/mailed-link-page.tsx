import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { ApiRequestError } from '../../lib/api-client.ts';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useT } from '../../i18n/i18n.ts';

/**
 * The page of a link from a mail (?token=…) that confirms something with one press. A press, not
 * the page's opening: mail programs open links ahead of their reader to check them.
 */
export function MailedLinkPage({
  title,
  intro,
  action,
  done,
  confirm,
}: {
  title: string;
  intro: string;
  action: string;
  done: (answer: unknown) => string;
  confirm: (token: string) => Promise<unknown>;
}) {
  const t = useT();
  usePageTitle(title);
  const token = useSearchParams()[0].get('token') ?? '';
  const [state, setState] = useState<{ kind: 'idle' | 'working' } | { kind: 'done'; text: string } | { kind: 'failed'; text: string }>(
    token ? { kind: 'idle' } : { kind: 'failed', text: t('account.link.invalid') },
  );

  async function press() {
    setState({ kind: 'working' });
    try {
      setState({ kind: 'done', text: done(await confirm(token)) });
    } catch (failure) {
      const text = failure instanceof ApiRequestError ? (failure.body?.message ?? failure.message) : t('account.link.failed');
      setState({ kind: 'failed', text });
    }
  }

  return (
    <section className="mx-auto w-full max-w-md px-4 py-10">
      <h1 className="font-display text-3xl font-bold text-brand-900">{title}</h1>
      <div className="mt-6 rounded-xl bg-white p-5 shadow-md sm:p-6">
        {state.kind === 'done' ? (
          <p role="status" className="text-stone-800">
            {state.text}
          </p>
        ) : state.kind === 'failed' ? (
          <p role="alert" className="text-red-800">
            {state.text}
          </p>
        ) : (
          <>
            <p className="text-stone-700">{intro}</p>
            <button
              type="button"
              onClick={() => void press()}
              disabled={state.kind === 'working'}
              className="mt-4 rounded-md bg-brand-700 px-4 py-3 font-bold text-white hover:bg-brand-800 disabled:bg-stone-400"
            >
              {state.kind === 'working' ? t('account.link.working') : action}
            </button>
          </>
        )}
        <p className="mt-4">
          <Link to={paths.profile} className="font-semibold text-brand-700 underline">
            {t('account.link.profile')}
          </Link>
        </p>
      </div>
    </section>
  );
}
