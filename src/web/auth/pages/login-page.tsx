import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, type Location } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { useToast } from '../../ui/toast.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { CaptchaField, type CaptchaState } from '../components/captcha-field.tsx';
import { FormField, messageOf } from '../components/form-field.tsx';
import { SocialSignInButton } from '../components/social-sign-in-button.tsx';
import { useAuth } from '../use-auth.ts';

/** Where to go after signing in: the page the visitor came from (spec), or home. */
export function useReturnPath(): string {
  const from = (useLocation().state as { from?: Location } | null)?.from;
  if (!from || from.pathname === paths.login || from.pathname === paths.signUp) return paths.home;
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

/** Login (docs/product.md §2.6): e-mail, password, social sign-in, captcha; Login waits for the captcha. */
export function Page() {
  usePageTitle('Login');
  const { signIn, completeSocialSignIn } = useAuth();
  const navigate = useNavigate();
  const toast = useToast();
  const returnPath = useReturnPath();
  const location = useLocation();
  const [captcha, setCaptcha] = useState<CaptchaState>({ id: null, answer: '', valid: false });
  const [captchaReload, setCaptchaReload] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function succeed() {
    toast.success('login successfully');
    navigate(returnPath, { replace: true });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!captcha.valid || !captcha.id) return;
    const form = new FormData(event.currentTarget);
    setSubmitting(true);
    setError(null);
    try {
      await signIn({
        email: String(form.get('email')),
        password: String(form.get('password')),
        captchaId: captcha.id,
        captchaAnswer: captcha.answer,
      });
      succeed();
    } catch (failure) {
      setError(messageOf(failure, 'Login failed. Please try again.'));
      // The server used the captcha up: a new one for the next attempt.
      setCaptcha({ id: null, answer: '', valid: false });
      setCaptchaReload((n) => n + 1);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <section className="mx-auto w-full max-w-md px-4 py-10">
      <h1 className="font-display text-3xl font-bold text-brand-900">Login</h1>
      <form onSubmit={(e) => void onSubmit(e)} className="mt-6 flex flex-col gap-4 rounded-xl bg-white p-5 shadow-md sm:p-6" noValidate={false}>
        <FormField id="email" name="email" type="email" label="Email" autoComplete="email" required />
        <FormField id="password" name="password" type="password" label="Password" autoComplete="current-password" required />
        <Link to={paths.forgotPassword} className="self-start text-sm text-stone-600 underline hover:text-brand-900">
          Forgot password?
        </Link>
        <CaptchaField key={captchaReload} generation={captchaReload} onChange={setCaptcha} />
        {error && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm font-semibold text-red-800">
            {error}
          </p>
        )}
        <button
          type="submit"
          disabled={!captcha.valid || submitting}
          className="rounded-md bg-brand-700 px-4 py-3 font-bold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-stone-400"
        >
          {submitting ? 'Logging in…' : 'Login'}
        </button>
        <SocialSignInButton
          onDone={() => {
            setError(null);
            completeSocialSignIn().then(succeed, (failure: unknown) => setError(messageOf(failure, 'Social sign-in failed.')));
          }}
          onError={setError}
        />
      </form>
      <p className="mt-6 text-center">
        <Link to={paths.signUp} state={location.state} className="font-semibold text-brand-700 underline hover:text-brand-900">
          Please Make An Account
        </Link>
      </p>
    </section>
  );
}
