import { useCallback, useEffect, useState } from 'react';
import { CAPTCHA_LENGTH, type Captcha } from '../../../shared/auth.ts';
import { checkCaptcha, newCaptcha } from '../api/auth-api.ts';
import { messageOf } from './form-field.tsx';

export interface CaptchaState {
  id: string | null;
  answer: string;
  /** True once the server confirmed the typed answer (Login is enabled only then). */
  valid: boolean;
}

/**
 * The login page's captcha (spec section 4): a picture of 6 characters with a reload link and a
 * field, checked by the server when the field loses focus; a mismatch brings a new picture and
 * keeps Login disabled. `reloadKey` changes when the parent needs a new one (after a failed login).
 */
export function CaptchaField({ onChange, reloadKey }: { onChange: (state: CaptchaState) => void; reloadKey: number }) {
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [answer, setAnswer] = useState('');
  const [status, setStatus] = useState<'idle' | 'checking' | 'valid' | 'invalid' | 'error'>('idle');
  const [message, setMessage] = useState<string | null>(null);

  const load = useCallback(
    async (note: string | null) => {
      try {
        const fresh = await newCaptcha();
        setCaptcha(fresh);
        setAnswer('');
        setStatus(note ? 'invalid' : 'idle');
        setMessage(note);
        onChange({ id: fresh.id, answer: '', valid: false });
      } catch (error) {
        setCaptcha(null);
        setStatus('error');
        setMessage(messageOf(error, 'The captcha could not be loaded.'));
        onChange({ id: null, answer: '', valid: false });
      }
    },
    [onChange],
  );

  useEffect(() => {
    void load(null);
  }, [load, reloadKey]);

  async function check() {
    if (!captcha || answer.trim() === '' || status === 'valid') return;
    setStatus('checking');
    const valid = await checkCaptcha(captcha.id, answer).catch(() => false);
    if (valid) {
      setStatus('valid');
      setMessage('Captcha matched.');
      onChange({ id: captcha.id, answer, valid: true });
    } else {
      onChange({ id: null, answer: '', valid: false });
      await load('The characters did not match. Type the ones of this new picture.');
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-3">
        {captcha ? (
          <img src={captcha.image} width={200} height={64} alt="Captcha: six letters and digits to type below" className="rounded border border-stone-300" />
        ) : (
          <div className="h-16 w-[200px] animate-pulse rounded bg-stone-200" aria-hidden="true" />
        )}
        <button
          type="button"
          onClick={() => {
            onChange({ id: null, answer: '', valid: false });
            void load(null);
          }} className="text-sm font-semibold text-brand-700 underline hover:text-brand-900">
          Reload captcha
        </button>
      </div>
      <label htmlFor="captcha" className="text-sm font-semibold text-stone-700">
        Type the captcha above
      </label>
      <input
        id="captcha"
        name="captcha"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        value={answer}
        maxLength={20}
        onChange={(event) => {
          setAnswer(event.target.value);
          if (status === 'valid') {
            setStatus('idle');
            setMessage(null);
            onChange({ id: captcha?.id ?? null, answer: event.target.value, valid: false });
          }
        }}
        onBlur={() => void check()}
        // The spec checks when the pointer leaves the field; a half-typed answer is not checked
        // then (it would cost the picture), only when the field loses focus.
        onMouseLeave={() => {
          if (answer.trim().length >= CAPTCHA_LENGTH) void check();
        }}
        aria-describedby="captcha-status"
        aria-invalid={status === 'invalid' ? true : undefined}
        className="rounded-md border border-stone-300 px-3 py-2 text-base tracking-widest focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-600/40"
      />
      <p id="captcha-status" aria-live="polite" className={`min-h-5 text-sm ${status === 'valid' ? 'text-brand-700' : 'text-red-700'}`}>
        {status === 'checking' ? 'Checking…' : message}
      </p>
    </div>
  );
}
