import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { requestPasswordReset } from '../api/auth-api.ts';
import { FormField, messageOf } from '../components/form-field.tsx';
import { useT } from '../../i18n/i18n.ts';

/**
 * "Forgot password?": asks for the address and always answers the same, whether or not it has an
 * account (the server answers the same words in the same time).
 */
export function Page() {
  const t = useT();
  usePageTitle(t('auth.forgot.title'));
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return setError(t('auth.forgot.invalidEmail'));
    setError(null);
    setState('sending');
    try {
      await requestPasswordReset(email);
      setState('sent');
    } catch (failure) {
      setError(messageOf(failure, t('auth.forgot.failed')));
      setState('idle');
    }
  }

  return (
    <section className="mx-auto w-full max-w-md px-4 py-10">
      <h1 className="font-display text-3xl font-bold text-brand-900">{t('auth.forgot.heading')}</h1>
      {state === 'sent' ? (
        <div className="mt-6 rounded-xl bg-white p-5 shadow-md sm:p-6">
          <p role="status" className="text-stone-800">
            {t('auth.forgot.sent')}
          </p>
          <p className="mt-3 text-sm text-stone-600">{t('auth.forgot.noMail')}</p>
        </div>
      ) : (
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="mt-6 flex flex-col gap-4 rounded-xl bg-white p-5 shadow-md sm:p-6">
          <p className="text-stone-700">{t('auth.forgot.intro')}</p>
          <FormField id="email" name="email" type="email" label={t('auth.field.email')} autoComplete="email" required error={error ?? undefined} />
          <button
            type="submit"
            disabled={state === 'sending'}
            className="rounded-md bg-brand-700 px-4 py-3 font-bold text-white hover:bg-brand-800 disabled:bg-stone-400"
          >
            {state === 'sending' ? t('auth.forgot.sending') : t('auth.forgot.submit')}
          </button>
        </form>
      )}
      <p className="mt-6 text-center">
        <Link to={paths.login} className="font-semibold text-brand-700 underline hover:text-brand-900">
          {t('auth.backToLogin')}
        </Link>
      </p>
    </section>
  );
}
