import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { CAPTCHA_LENGTH } from '../../../shared/auth-constants.ts';
import { captchaQueryKey, checkCaptcha, newCaptcha, spelledCaptcha } from '../api/auth-api.ts';

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
  const [round, setRound] = useState(0);
  const captcha = useQuery({
    queryKey: captchaQueryKey(generation, round),
    queryFn: newCaptcha,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  const [answer, setAnswer] = useState('');
  // The text alternative is fetched only when asked for (docs/decisions/0020-mail-and-accounts.md):
  // the characters in words, and as they are, with a button that copies them to paste into the
  // field (WCAG 3.3.8, docs/decisions/0031-wcag-gaps-captcha-timing-hover.md).
  const [spelled, setSpelled] = useState<{ id: string; text: string; characters?: string } | null>(null);
  const [spelling, setSpelling] = useState(false);
  const [copied, setCopied] = useState<'no' | 'yes' | 'failed'>('no');
  const [status, setStatus] = useState<'idle' | 'checking' | 'valid' | 'invalid'>('idle');

  async function spellOut() {
    const id = captcha.data?.id;
    if (!id) return;
    setSpelling(true);
    try {
      const { spelled: text, characters } = await spelledCaptcha(id);
      setSpelled({ id, text, characters });
      setCopied('no');
    } catch {
      setSpelled({ id, text: 'The characters could not be read out. Use “Reload captcha” and try again.' });
    } finally {
      setSpelling(false);
    }
  }
  const wantsSpelling = spelled !== null;

  async function copyCharacters(characters: string) {
    try {
      await navigator.clipboard.writeText(characters);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  }

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
      ? 'Checking…'
      : status === 'valid'
        ? 'Captcha matched.'
        : status === 'invalid'
          ? 'The characters did not match. Type the ones of this new picture.'
          : captcha.isError
            ? 'The captcha could not be loaded. Use “Reload captcha”.'
            : '';

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-3">
        {captcha.data ? (
          <img
            src={captcha.data.image}
            width={200}
            height={64}
            alt="Captcha: six letters and digits to type below"
            className="rounded border border-stone-300"
          />
        ) : (
          <div className="h-16 w-[200px] animate-pulse rounded bg-stone-200" aria-hidden="true" />
        )}
        <button type="button" onClick={() => reload('idle')} className="text-sm font-semibold text-brand-700 underline hover:text-brand-900">
          Reload captcha
        </button>
        <button
          type="button"
          onClick={() => void spellOut()}
          disabled={!captcha.data || spelling}
          aria-controls={wantsSpelling ? 'captcha-spelled' : undefined}
          className="text-sm font-semibold text-brand-700 underline hover:text-brand-900 disabled:opacity-60"
        >
          Can’t see it? Spell it out
        </button>
      </div>
      {wantsSpelling && (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md bg-stone-100 px-3 py-2 text-sm text-stone-800">
          <p id="captcha-spelled" aria-live="polite">
            {spelled.id === captcha.data?.id ? (
              <>
                The characters are: {spelled.text}
                {spelled.characters && (
                  <>
                    {' '}
                    (<span className="font-mono font-semibold tracking-widest">{spelled.characters}</span>)
                  </>
                )}
                . Either case is fine.
              </>
            ) : spelling ? (
              'Reading out…'
            ) : (
              'A new picture: press “Spell it out” again.'
            )}
          </p>
          {spelled.id === captcha.data?.id && spelled.characters && (
            <button
              type="button"
              onClick={() => void copyCharacters(spelled.characters!)}
              className="min-h-6 text-sm font-semibold text-brand-700 underline hover:text-brand-900"
            >
              Copy the characters
            </button>
          )}
          <p aria-live="polite" className="basis-full empty:hidden">
            {copied === 'yes' ? 'Copied: paste them into the field below.' : copied === 'failed' ? 'They could not be copied here: select them above and copy them.' : ''}
          </p>
        </div>
      )}
      <label htmlFor="captcha" className="text-sm font-semibold text-stone-700">
        Type the captcha above
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
        aria-describedby={wantsSpelling ? 'captcha-spelled captcha-status' : 'captcha-status'}
        aria-invalid={status === 'invalid' ? true : undefined}
        className="rounded-md border border-stone-500 px-3 py-2 text-base tracking-widest focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-600/40"
      />
      <p id="captcha-status" aria-live="polite" className={`min-h-5 text-sm ${status === 'valid' ? 'text-brand-700' : 'text-red-700'}`}>
        {message}
      </p>
    </div>
  );
}
