import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { ApiRequestError } from '../../lib/api-client.ts';
import { useToast } from '../../ui/toast.tsx';
import { useHydrated } from '../../ui/use-hydrated.ts';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { FormField, messageOf } from '../components/form-field.tsx';
import { useAuth } from '../use-auth.ts';
import { useReturnPath } from './login-page.tsx';
import { useT } from '../../i18n/i18n.ts';

type FieldErrors = Partial<Record<'name' | 'email' | 'password', string>>;

/** Sign-up (docs/product.md §2.6): name, e-mail, password; then home with 'new user created'. */
export function Page() {
  const t = useT();
  usePageTitle(t('auth.signUp.title'));
  const { signUp } = useAuth();
  const navigate = useNavigate();
  const toast = useToast();
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const hydrated = useHydrated();
  // Home, or the page a visitor came from to log in (the log-in page's link hands it on).
  const returnPath = useReturnPath();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    // The server's own rules, shown before the round trip. Loaded on submit: zod would put this
    // public page over its first-load budget (docs/product.md §15).
    const { signUpSchema } = await import('../../../shared/auth.ts');
    const parsed = signUpSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) {
      const errors: FieldErrors = {};
      for (const issue of parsed.error.issues) errors[issue.path[0] as keyof FieldErrors] ??= issue.message;
      setFieldErrors(errors);
      return;
    }
    setFieldErrors({});
    setError(null);
    setSubmitting(true);
    try {
      const insertedId = await signUp(parsed.data);
      toast.success(insertedId ? t('auth.signUp.created') : t('auth.signUp.done'));
      navigate(returnPath);
    } catch (failure) {
      // The server's own checks (a common or easily guessed password) name their field.
      const serverFields = failure instanceof ApiRequestError ? failure.body?.fieldErrors : undefined;
      if (serverFields?.password) return setFieldErrors({ password: serverFields.password[0] });
      setError(messageOf(failure, t('auth.signUp.failed')));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <section className="mx-auto w-full max-w-md px-4 py-10">
      <h1 className="font-display text-3xl font-bold text-brand-900">{t('auth.signUp.title')}</h1>
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="mt-6 flex flex-col gap-4 rounded-xl bg-white p-5 shadow-md sm:p-6">
        <FormField id="name" name="name" label={t('auth.field.name')} autoComplete="name" required maxLength={100} error={fieldErrors.name} />
        <FormField id="email" name="email" type="email" label={t('auth.field.email')} autoComplete="email" required error={fieldErrors.email} />
        <FormField
          id="password"
          name="password"
          type="password"
          label={t('auth.field.newPassword')}
          autoComplete="new-password"
          required
          error={fieldErrors.password}
        />
        {error && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm font-semibold text-red-800">
            {error}
          </p>
        )}
        <button
          type="submit"
          disabled={submitting || !hydrated}
          className="rounded-md bg-brand-700 px-4 py-3 font-bold text-white hover:bg-brand-800 disabled:bg-stone-400"
        >
          {submitting ? t('auth.signUp.submitting') : t('auth.signUp.submit')}
        </button>
      </form>
      <p className="mt-6 text-center">
        <Link to={paths.login} className="font-semibold text-brand-700 underline hover:text-brand-900">
          {t('auth.signUp.haveAccount')}
        </Link>
      </p>
    </section>
  );
}
