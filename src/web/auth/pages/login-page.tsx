import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, type Location } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { useToast } from '../../ui/toast.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { CaptchaField, type CaptchaState } from '../components/captcha-field.tsx';
import { FormField, messageOf } from '../components/form-field.tsx';
import { SocialSignInButton } from '../components/social-sign-in-button.tsx';
import { useAuth } from '../use-auth.ts';
import { useT } from '../../i18n/i18n.ts';

type FieldErrors = Partial<Record<'email' | 'password', string>>;

const LOGIN_ERROR_ID = 'login-error';
/** E-mail and password after the server refused them: wrong, and described by the refusal. */
const refusedProps = { 'aria-invalid': true, 'aria-describedby': LOGIN_ERROR_ID } as const;

/** Where to go after signing in: the page the visitor came from (spec), or home. */
export function useReturnPath(): string {
  const from = (useLocation().state as { from?: Location } | null)?.from;
  if (!from || from.pathname === paths.login || from.pathname === paths.signUp) return paths.home;
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

/** Login (docs/product.md §2.6): e-mail, password, social sign-in, captcha; Login waits for the captcha. */
export function Page() {
  const t = useT();
  usePageTitle(t('auth.login.title'));
  const { signIn, completeSocialSignIn } = useAuth();
  const navigate = useNavigate();
  const toast = useToast();
  const returnPath = useReturnPath();
  const location = useLocation();
  const [captcha, setCaptcha] = useState<CaptchaState>({ id: null, answer: '', valid: false });
  const [captchaReload, setCaptchaReload] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  // A refused sign-in names no field: its message describes both, which are marked wrong with it.
  const [refused, setRefused] = useState(false);

  function succeed() {
    toast.success(t('auth.login.done'));
    navigate(returnPath, { replace: true });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!captcha.valid || !captcha.id) return;
    const form = new FormData(event.currentTarget);
    setError(null);
    setRefused(false);
    // The server's rules (src/shared/auth.ts), loaded on submit as the sign-up page does: zod would
    // put this public page over its first-load budget.
    const { signInSchema } = await import('../../../shared/auth.ts');
    const parsed = signInSchema.pick({ email: true, password: true }).safeParse({ email: form.get('email'), password: form.get('password') });
    if (!parsed.success) {
      const errors: FieldErrors = {};
      for (const issue of parsed.error.issues) errors[issue.path[0] as keyof FieldErrors] ??= issue.message;
      setFieldErrors(errors);
      document.getElementById(errors.email ? 'email' : 'password')?.focus();
      return;
    }
    setFieldErrors({});
    setSubmitting(true);
    try {
      await signIn({
        email: parsed.data.email,
        password: parsed.data.password,
        captchaId: captcha.id,
        captchaAnswer: captcha.answer,
      });
      succeed();
    } catch (failure) {
      setError(messageOf(failure, t('auth.login.failed')));
      setRefused(true);
      // The server used the captcha up: a new one for the next attempt.
      setCaptcha({ id: null, answer: '', valid: false });
      setCaptchaReload((n) => n + 1);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <section className="mx-auto w-full max-w-md px-4 py-10">
      <h1 className="font-display text-3xl font-bold text-brand-900">{t('auth.login.title')}</h1>
      <form onSubmit={(e) => void onSubmit(e)} className="mt-6 flex flex-col gap-4 rounded-xl bg-white p-5 shadow-md sm:p-6" noValidate>
        <FormField id="email" name="email" type="email" label={t('auth.field.email')} autoComplete="email" required error={fieldErrors.email} {...(refused && refusedProps)} />
        <FormField
          id="password"
          name="password"
          type="password"
          label={t('auth.field.password')}
          autoComplete="current-password"
          required
          error={fieldErrors.password}
          {...(refused && refusedProps)}
        />
        <Link to={paths.forgotPassword} className="self-start text-sm text-stone-600 underline hover:text-brand-900">
          {t('auth.login.forgot')}
        </Link>
        <CaptchaField key={captchaReload} generation={captchaReload} onChange={setCaptcha} />
        {error && (
          <p id={LOGIN_ERROR_ID} role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm font-semibold text-red-800">
            {error}
          </p>
        )}
        <button
          type="submit"
          disabled={!captcha.valid || submitting}
          className="rounded-md bg-brand-700 px-4 py-3 font-bold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-stone-400"
        >
          {submitting ? t('auth.login.submitting') : t('auth.login.submit')}
        </button>
        <SocialSignInButton
          onDone={() => {
            setError(null);
            setRefused(false);
            completeSocialSignIn().then(succeed, (failure: unknown) => setError(messageOf(failure, t('auth.social.failed'))));
          }}
          onError={(message) => {
            setRefused(false);
            setError(message);
          }}
        />
      </form>
      <p className="mt-6 text-center">
        <Link to={paths.signUp} state={location.state} className="font-semibold text-brand-700 underline hover:text-brand-900">
          {t('auth.login.makeAccount')}
        </Link>
      </p>
    </section>
  );
}
