import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { RESET_REQUESTED_MESSAGE } from '../../../shared/account-constants.ts';
import { paths } from '../../../shared/paths.ts';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { requestPasswordReset } from '../api/auth-api.ts';
import { FormField, messageOf } from '../components/form-field.tsx';

/**
 * "Forgot password?": asks for the address and always answers the same, whether or not it has an
 * account (the server answers the same words in the same time).
 */
export function Page() {
  usePageTitle('Forgot password');
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return setError('Enter a valid e-mail address');
    setError(null);
    setState('sending');
    try {
      await requestPasswordReset(email);
      setState('sent');
    } catch (failure) {
      setError(messageOf(failure, 'The link could not be sent. Please try again.'));
      setState('idle');
    }
  }

  return (
    <section className="mx-auto w-full max-w-md px-4 py-10">
      <h1 className="font-display text-3xl font-bold text-brand-900">Forgot password?</h1>
      {state === 'sent' ? (
        <div className="mt-6 rounded-xl bg-white p-5 shadow-md sm:p-6">
          <p role="status" className="text-stone-800">
            {RESET_REQUESTED_MESSAGE}
          </p>
          <p className="mt-3 text-sm text-stone-600">No mail after a few minutes? Look in the spam folder, or ask again.</p>
        </div>
      ) : (
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="mt-6 flex flex-col gap-4 rounded-xl bg-white p-5 shadow-md sm:p-6">
          <p className="text-stone-700">Enter the e-mail address of your account. We will send you a link to choose a new password.</p>
          <FormField id="email" name="email" type="email" label="Email" autoComplete="email" required error={error ?? undefined} />
          <button
            type="submit"
            disabled={state === 'sending'}
            className="rounded-md bg-brand-700 px-4 py-3 font-bold text-white hover:bg-brand-800 disabled:bg-stone-400"
          >
            {state === 'sending' ? 'Sending…' : 'Send me a link'}
          </button>
        </form>
      )}
      <p className="mt-6 text-center">
        <Link to={paths.login} className="font-semibold text-brand-700 underline hover:text-brand-900">
          Back to Login
        </Link>
      </p>
    </section>
  );
}
