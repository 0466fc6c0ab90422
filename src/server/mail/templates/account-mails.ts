import { Text } from '@react-email/components';
import { createElement as h } from 'react';
import type { MessageId, Translate } from '../../../shared/i18n/catalogue.ts';
import type { MailKinds } from '../mail-kinds.ts';
import { ActionButton, MailLayout, styles, type MailWords } from './mail-layout.ts';

/** The accounts' mails: password reset, address verification, e-mail change, the captcha's characters; in the account's language. */
export function PasswordResetMail({ words, name, link, validMinutes }: MailKinds['password-reset'] & { words: MailWords }) {
  const { t } = words;
  return h(
    MailLayout,
    { words, preview: t('mail.reset.preview'), heading: t('mail.reset.heading') },
    h(Text, { style: styles.text }, t('mail.greeting', { name })),
    h(Text, { style: styles.text }, t('mail.reset.text')),
    h(ActionButton, { href: link, label: t('mail.reset.action') }),
    h(Text, { style: styles.muted }, t('mail.reset.note', { minutes: validMinutes })),
  );
}

export function VerifyEmailMail({ words, name, link, validHours }: MailKinds['verify-email'] & { words: MailWords }) {
  const { t } = words;
  return h(
    MailLayout,
    { words, preview: t('mail.verify.subject'), heading: t('mail.verify.subject') },
    h(Text, { style: styles.text }, t('mail.greeting', { name })),
    h(Text, { style: styles.text }, t('mail.verify.text')),
    h(ActionButton, { href: link, label: t('mail.verify.action') }),
    h(Text, { style: styles.muted }, t('mail.verify.note', { hours: validHours })),
  );
}

export function EmailChangeConfirmMail({ words, name, link, newEmail, validMinutes }: MailKinds['email-change-confirm'] & { words: MailWords }) {
  const { t } = words;
  return h(
    MailLayout,
    { words, preview: t('mail.emailChange.subject'), heading: t('mail.emailChange.subject') },
    h(Text, { style: styles.text }, t('mail.greeting', { name })),
    h(Text, { style: styles.text }, t('mail.emailChange.text', { email: newEmail })),
    h(ActionButton, { href: link, label: t('mail.emailChange.action') }),
    h(Text, { style: styles.muted }, t('mail.emailChange.note', { minutes: validMinutes })),
  );
}

export function EmailChangedMail({ words, name, newEmail }: MailKinds['email-changed'] & { words: MailWords }) {
  const { t } = words;
  return h(
    MailLayout,
    { words, preview: t('mail.emailChanged.subject'), heading: t('mail.emailChanged.subject') },
    h(Text, { style: styles.text }, t('mail.greeting', { name })),
    h(Text, { style: styles.text }, t('mail.emailChanged.text', { email: newEmail })),
    h(Text, { style: styles.muted }, t('mail.emailChanged.note')),
  );
}

/** The characters as text to copy, and spelled out for a screen reader (WCAG 1.1.1 and 3.3.8, decision 0043). */
export function CaptchaCodeMail({ words, name, characters }: MailKinds['captcha-code'] & { words: MailWords }) {
  const { t } = words;
  return h(
    MailLayout,
    { words, preview: t('mail.captcha.preview', { characters }), heading: t('mail.captcha.heading') },
    h(Text, { style: styles.text }, t('mail.greeting', { name })),
    h(Text, { style: styles.text }, t('mail.captcha.text')),
    h(Text, { style: { ...styles.text, fontFamily: 'monospace', fontSize: '24px', fontWeight: 700, letterSpacing: '4px' } }, characters),
    h(Text, { style: styles.text }, t('mail.captcha.spelled', { spelled: spellOut(characters, t) })),
    h(Text, { style: styles.muted }, t('mail.captcha.note')),
  );
}

// The international spelling alphabet, the same words in every language.
const LETTER_WORDS: Record<string, string> = {
  A: 'alpha', C: 'charlie', D: 'delta', E: 'echo', F: 'foxtrot', H: 'hotel', J: 'juliett', K: 'kilo', M: 'mike',
  N: 'november', P: 'papa', R: 'romeo', T: 'tango', W: 'whiskey', X: 'x-ray', Y: 'yankee',
};
const DIGITS = new Set(['3', '4', '6', '8', '9']);

/** "capital K as in kilo, digit 4 (four), …": each character said so it cannot be misheard. */
export function spellOut(answer: string, t: Translate): string {
  return [...answer]
    .map((char) =>
      DIGITS.has(char)
        ? t('mail.captcha.digit', { digit: char, word: t(`mail.captcha.digit.${char}` as MessageId) })
        : t('mail.captcha.letter', { letter: char, word: LETTER_WORDS[char] ?? char }),
    )
    .join(', ');
}
