import { z } from 'zod';
import { displayNameSchema, emailSchema, passwordSchema } from './auth.ts';
import { PASSWORD_MAX } from './auth-constants.ts';
import { DELETE_CONFIRMATION_WORD } from './account-constants.ts';
import { ROLES } from './roles.ts';

export * from './account-constants.ts';

export const linkTokenSchema = z
  .string()
  .trim()
  .min(16, 'The link is not whole')
  .max(200, 'The link is not whole')
  .regex(/^[A-Za-z0-9_-]+$/, 'The link is not whole');

export const requestPasswordResetSchema = z.strictObject({ email: emailSchema });
export const resetRequestedSchema = z.object({ status: z.literal(true), message: z.string() });

export const resetPasswordSchema = z.strictObject({ token: linkTokenSchema, newPassword: passwordSchema });

export const linkTokenBodySchema = z.strictObject({ token: linkTokenSchema });

/** `currentPassword` is required when the account has one (checked by the server). */
export const changeEmailSchema = z.strictObject({
  newEmail: emailSchema,
  currentPassword: z.string().min(1, 'Enter your current password').max(PASSWORD_MAX).optional(),
});

/** A first password for an account made by social sign-in. */
export const setPasswordSchema = z.strictObject({ newPassword: passwordSchema });

/** Each field is changed only when sent: the header's language switch sends `language` alone. */
export const preferencesSchema = z.strictObject({
  orderStatusMails: z.boolean().optional(),
  /** A catalogue's code ("de"); the server also checks the shop has that language. */
  language: z.string().regex(/^[a-z]{2,3}(-[A-Z]{2})?$/, 'Choose one of the shop’s languages').optional(),
});
export type Preferences = z.infer<typeof preferencesSchema>;

/** Confirmed with the password, or by typing DELETE for an account without one (social sign-in). */
export const deleteAccountSchema = z.strictObject({
  password: z.string().min(1, 'Enter your password').max(PASSWORD_MAX).optional(),
  confirm: z.literal(DELETE_CONFIRMATION_WORD, `Type ${DELETE_CONFIRMATION_WORD} to confirm`).optional(),
});

export const profileSchema = z.object({
  id: z.string(),
  name: displayNameSchema,
  email: z.string(),
  emailVerified: z.boolean(),
  role: z.enum(ROLES),
  hasPassword: z.boolean(),
  /** The provider's button name ('Google'). */
  socialSignIn: z.string().nullable(),
  orderStatusMails: z.boolean(),
  /** The language of the customer's mails (the header's last choice, or the sign-up's); null: English. */
  language: z.string().nullable(),
  createdAt: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

/** Never carries a session token. */
export const deviceSchema = z.object({
  id: z.string(),
  current: z.boolean(),
  /** "Chrome on Android", from the user agent. */
  device: z.string(),
  ipAddress: z.string().nullable(),
  signedInAt: z.string(),
  lastActiveAt: z.string(),
});
export type Device = z.infer<typeof deviceSchema>;
export const deviceListSchema = z.array(deviceSchema);

export const signedOutCountSchema = z.object({ signedOut: z.number().int() });
export const okSchema = z.object({ ok: z.literal(true) });
/** `sent` is false when there was nothing to send. */
export const mailQueuedSchema = z.object({ sent: z.boolean(), message: z.string() });
