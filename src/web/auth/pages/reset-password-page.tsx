import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PASSWORD_MIN } from '../../../shared/auth-constants.ts';
import { paths } from '../../../shared/paths.ts';
import { ApiRequestError } from '../../lib/api-client.ts';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { resetPassword } from '../api/auth-api.ts';
import { FormField, messageOf } from '../components/form-field.tsx';
import { useT } from '../../i18n/i18n.ts';

/**
 * The page a reset mail's link opens (?token=…): a new password, checked like sign-up's (the
 * server also refuses common and easily guessed ones). After it, every session of the account has
 * ended, this browser's too: the customer logs in with the new password.
 */
export function Page() {
  const t = useT();
  usePageTitle(t('auth.reset.title'));
  const token = useSearchParams()[0].get('token') ?? '';
  const [state, setState] = useState<'idle' | 'saving' | 'done' | 'dead-link'>(token ? 'idle' : 'dead-link');
  const [fieldError, setFieldError] = useState<{ password?: string; repeat?: string }>({});
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password') ?? '');
    // Loaded on submit: the schema brings zod, kept out of a public page's first load.
    const { passwordSchema } = await import('../../../shared/auth.ts');
    const parsed = passwordSchema.safeParse(password);
    if (!parsed.success) return setFieldError({ password: parsed.error.issues[0]!.message });
    if (password !== form.get('repeat')) return setFieldError({ repeat: t('auth.reset.differ') });
    setFieldError({});
    setError(null);
    setState('saving');
    try {
      await resetPassword(token, password);
      setState('done');
    } catch (failure) {
      const body = failure instanceof ApiRequestError ? failure.body : undefined;
      if (body?.code === 'INVALID_LINK') return setState('dead-link');
      if (body?.fieldErrors?.newPassword) setFieldError({ password: body.fieldErrors.newPassword[0] });
      else setError(messageOf(failure, t('auth.reset.failed')));
      setState('idle');
    }
  }

  return (
    <section className="mx-auto w-full max-w-md px-4 py-10">
      <h1 className="font-display text-3xl font-bold text-brand-900">{t('auth.reset.title')}</h1>
      {state === 'done' ? (
        <div role="status" className="mt-6 rounded-xl bg-white p-5 shadow-md sm:p-6">
          <p className="text-stone-800">{t('auth.reset.done')}</p>
          <Link to={paths.login} className="mt-4 inline-block rounded-md bg-brand-700 px-4 py-3 font-bold text-white hover:bg-brand-800">
            {t('auth.reset.logIn')}
          </Link>
        </div>
      ) : state === 'dead-link' ? (
        <div role="alert" className="mt-6 rounded-xl bg-white p-5 shadow-md sm:p-6">
          <p className="text-stone-800">{t('auth.reset.deadLink')}</p>
          <Link to={paths.forgotPassword} className="mt-4 inline-block font-semibold text-brand-700 underline">
            {t('auth.reset.newLink')}
          </Link>
        </div>
      ) : (
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="mt-6 flex flex-col gap-4 rounded-xl bg-white p-5 shadow-md sm:p-6">
          <FormField
            id="password"
            name="password"
            type="password"
            label={t('auth.reset.password', { min: PASSWORD_MIN })}
            autoComplete="new-password"
            required
            error={fieldError.password}
          />
          <FormField id="repeat" name="repeat" type="password" label={t('auth.reset.repeat')} autoComplete="new-password" required error={fieldError.repeat} />
          {error && (
            <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm font-semibold text-red-800">
              {error}
            </p>
          )}
          <button
            type="submit"
            disabled={state === 'saving'}
            className="rounded-md bg-brand-700 px-4 py-3 font-bold text-white hover:bg-brand-800 disabled:bg-stone-400"
          >
            {state === 'saving' ? t('auth.reset.saving') : t('auth.reset.submit')}
          </button>
        </form>
      )}
    </section>
  );
}
