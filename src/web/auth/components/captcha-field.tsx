import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { CAPTCHA_LENGTH } from '../../../shared/auth-constants.ts';
import { captchaQueryKey, checkCaptcha, mailCaptcha, newCaptcha } from '../api/auth-api.ts';
import { messageOf } from './form-field.tsx';
import { useT } from '../../i18n/i18n.ts';

export interface CaptchaState {
  id: string | null;
  answer: string;
  /** True once the server confirmed the typed answer (Login is enabled only then). */
  valid: boolean;
}

const NONE: CaptchaState = { id: null, answer: '', valid: false };

/**
 * Checked by the server on blur or pointer leave; a mismatch brings a new picture and keeps Login
 * disabled. After a failed login the parent remounts it (`key`) with the next `generation`.
 */
export function CaptchaField({ generation, onChange }: { generation: number; onChange: (state: CaptchaState) => void }) {
  const queryClient = useQueryClient();
  const t = useT();
  const [round, setRound] = useState(0);
  const captcha = useQuery({
    queryKey: captchaQueryKey(generation, round),
    queryFn: newCaptcha,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  const [answer, setAnswer] = useState('');
  // The accessible alternative (docs/decisions/0043-sign-in-limits.md): the characters go by mail
  // to the address typed above, as text to copy and spelled out, never to this page, so a script
  // cannot read them here. Pasting them is the help WCAG 3.3.8 asks for.
  const [mailed, setMailed] = useState<{ id: string; text: string } | null>(null);
  const [mailing, setMailing] = useState(false);
  const [status, setStatus] = useState<'idle' | 'checking' | 'valid' | 'invalid'>('idle');

  async function mailOut() {
    const id = captcha.data?.id;
    if (!id) return;
    const emailField = field.current?.form?.elements.namedItem('email');
    const email = emailField instanceof HTMLInputElement ? emailField.value.trim() : '';
    if (email === '') {
      setMailed({ id, text: t('auth.captcha.emailFirst') });
      if (emailField instanceof HTMLInputElement) emailField.focus();
      return;
    }
    setMailing(true);
    try {
      setMailed({ id, text: (await mailCaptcha(id, email)).message });
    } catch (failure) {
      setMailed({ id, text: messageOf(failure, t('auth.captcha.mailFailed')) });
    } finally {
      setMailing(false);
    }
  }
  const wantsMail = mailed !== null;

  function reload(nextStatus: 'idle' | 'invalid') {
    onChange(NONE);
    setAnswer('');
    setStatus(nextStatus);
    queryClient.removeQueries({ queryKey: captchaQueryKey(generation, round) });
    setRound((n) => n + 1);
  }

  async function check(typed = answer) {
    const id = captcha.data?.id;
    if (!id || typed.trim() === '' || status === 'valid' || status === 'checking') return;
    setStatus('checking');
    const valid = await checkCaptcha(id, typed).catch(() => false);
    if (valid) {
      setStatus('valid');
      onChange({ id, answer: typed, valid: true });
    } else {
      reload('invalid');
    }
  }

  // On the page the server drew, a visitor may type before the scripts have run: React keeps the
  // field's text when it takes the page over, but not in `answer`. Taken in once; a whole answer
  // typed and left is checked at once, as leaving the field would have.
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const typed = field.current?.value ?? '';
    if (typed === '') return;
    setAnswer(typed);
    if (document.activeElement !== field.current && typed.trim().length >= CAPTCHA_LENGTH) void check(typed);
    // Only what was typed before the first render: later typing goes through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const message =
    status === 'checking'
      ? t('auth.captcha.checking')
      : status === 'valid'
        ? t('auth.captcha.matched')
        : status === 'invalid'
          ? t('auth.captcha.mismatch')
          : captcha.isError
            ? t('auth.captcha.loadFailed')
            : '';

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-3">
        {captcha.data ? (
          <img
            src={captcha.data.image}
            width={200}
            height={64}
            alt={t('auth.captcha.alt')}
            className="rounded border border-stone-300"
          />
        ) : (
          <div className="h-16 w-[200px] animate-pulse rounded bg-stone-200" aria-hidden="true" />
        )}
        <button type="button" onClick={() => reload('idle')} className="text-sm font-semibold text-brand-700 underline hover:text-brand-900">
          {t('auth.captcha.reload')}
        </button>
        <button
          type="button"
          onClick={() => void mailOut()}
          disabled={!captcha.data || mailing}
          aria-controls={wantsMail ? 'captcha-mailed' : undefined}
          className="text-sm font-semibold text-brand-700 underline hover:text-brand-900 disabled:opacity-60"
        >
          {t('auth.captcha.mail')}
        </button>
      </div>
      {wantsMail && (
        <p id="captcha-mailed" aria-live="polite" className="rounded-md bg-stone-100 px-3 py-2 text-sm text-stone-800">
          {mailed.id === captcha.data?.id ? mailed.text : mailing ? t('auth.captcha.sending') : t('auth.captcha.newPicture')}
        </p>
      )}
      <label htmlFor="captcha" className="text-sm font-semibold text-stone-700">
        {t('auth.captcha.label')}
      </label>
      <input
        ref={field}
        id="captcha"
        name="captcha"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        value={answer}
        maxLength={20}
        onChange={(event) => {
          setAnswer(event.target.value);
          if (status !== 'idle') setStatus('idle');
          if (status === 'valid') onChange(NONE);
        }}
        onBlur={() => void check()}
        // The spec checks when the pointer leaves the field; a half-typed answer is not checked
        // then (a mismatch costs the picture), only when the field loses focus.
        onMouseLeave={() => {
          if (answer.trim().length >= CAPTCHA_LENGTH) void check();
        }}
        aria-describedby={wantsMail ? 'captcha-mailed captcha-status' : 'captcha-status'}
        aria-invalid={status === 'invalid' ? true : undefined}
        className="rounded-md border border-stone-500 px-3 py-2 text-base tracking-widest focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-600/40"
      />
      <p id="captcha-status" aria-live="polite" className={`min-h-5 text-sm ${status === 'valid' ? 'text-brand-700' : 'text-red-700'}`}>
        {message}
      </p>
    </div>
  );
}
