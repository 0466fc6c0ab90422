import { Text } from '@react-email/components';
import { createElement as h } from 'react';
import type { MailKinds } from '../mail-kinds.ts';
import { ActionButton, MailLayout, styles } from './mail-layout.ts';

/** The accounts' mails: password reset, address verification, e-mail change. */
export function PasswordResetMail({ name, link, validMinutes }: MailKinds['password-reset']) {
  return h(
    MailLayout,
    { preview: 'Choose a new password for your Raw Roots account', heading: 'Choose a new password' },
    h(Text, { style: styles.text }, `Hi ${name},`),
    h(Text, { style: styles.text }, 'Someone, hopefully you, asked to reset the password of your account. Choose a new one here:'),
    h(ActionButton, { href: link, label: 'Choose a new password' }),
    h(
      Text,
      { style: styles.muted },
      `The link works once, for ${validMinutes} minutes. Choosing a new password signs you out everywhere. If you did not ask for it, ignore this mail: your password stays as it is.`,
    ),
  );
}

export function VerifyEmailMail({ name, link, validHours }: MailKinds['verify-email']) {
  return h(
    MailLayout,
    { preview: 'Confirm your e-mail address', heading: 'Confirm your e-mail address' },
    h(Text, { style: styles.text }, `Hi ${name},`),
    h(Text, { style: styles.text }, 'Welcome to Raw Roots. Please confirm that this address is yours, so that receipts and order updates reach you:'),
    h(ActionButton, { href: link, label: 'Confirm my address' }),
    h(Text, { style: styles.muted }, `The link works for ${validHours} hours. If you did not make an account with us, ignore this mail.`),
  );
}

export function EmailChangeConfirmMail({ name, link, newEmail, validMinutes }: MailKinds['email-change-confirm']) {
  return h(
    MailLayout,
    { preview: 'Confirm your new e-mail address', heading: 'Confirm your new e-mail address' },
    h(Text, { style: styles.text }, `Hi ${name},`),
    h(Text, { style: styles.text }, `You asked to sign in to Raw Roots with ${newEmail} from now on. The change is made when you confirm it:`),
    h(ActionButton, { href: link, label: 'Use this address' }),
    h(Text, { style: styles.muted }, `The link works once, for ${validMinutes} minutes. If you did not ask for this, ignore this mail and nothing changes.`),
  );
}

export function EmailChangedMail({ name, newEmail }: MailKinds['email-changed']) {
  return h(
    MailLayout,
    { preview: 'Your e-mail address was changed', heading: 'Your e-mail address was changed' },
    h(Text, { style: styles.text }, `Hi ${name},`),
    h(Text, { style: styles.text }, `Your Raw Roots account now signs in with ${newEmail}, and our mails go there. This address no longer belongs to the account.`),
    h(Text, { style: styles.muted }, 'If you did not make this change, reply to this mail or call the restaurant at once.'),
  );
}

/** The characters as text to copy, and spelled out for a screen reader (WCAG 1.1.1 and 3.3.8, decision 0043). */
export function CaptchaCodeMail({ name, characters, spelled }: MailKinds['captcha-code']) {
  return h(
    MailLayout,
    { preview: `Your sign-in characters: ${characters}`, heading: 'The characters to sign in' },
    h(Text, { style: styles.text }, `Hi ${name},`),
    h(Text, { style: styles.text }, 'You asked for the characters of the login page’s picture. Copy them into the field below the picture:'),
    h(Text, { style: { ...styles.text, fontFamily: 'monospace', fontSize: '24px', fontWeight: 700, letterSpacing: '4px' } }, characters),
    h(Text, { style: styles.text }, `Spelled out: ${spelled}. Either case is fine.`),
    h(
      Text,
      { style: styles.muted },
      'They work for this one sign-in to this account, within a day. If you did not ask for them, ignore this mail: nobody can sign in without your password.',
    ),
  );
}
