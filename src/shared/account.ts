import { z } from 'zod';
import { displayNameSchema, emailSchema, passwordSchema } from './auth.ts';
import { PASSWORD_MAX } from './auth-constants.ts';
import { DELETE_CONFIRMATION_WORD } from './account-constants.ts';
import { ROLES } from './roles.ts';

export * from './account-constants.ts';

/** A link's token: letters, digits, '-' and '_' (what the shop and Better Auth make). */
export const linkTokenSchema = z
  .string()
  .trim()
  .min(16, 'The link is not whole')
  .max(200, 'The link is not whole')
  .regex(/^[A-Za-z0-9_-]+$/, 'The link is not whole');

/** POST /api/auth/request-password-reset (Better Auth's, behind the shop's checks). */
export const requestPasswordResetSchema = z.strictObject({ email: emailSchema });
export const resetRequestedSchema = z.object({ status: z.literal(true), message: z.string() });

/** POST /api/auth/reset-password: the token of the link and a new password under sign-up's rules. */
export const resetPasswordSchema = z.strictObject({ token: linkTokenSchema, newPassword: passwordSchema });

/** POST /api/account/verify-email and POST /api/account/email/confirm: the link's token. */
export const linkTokenBodySchema = z.strictObject({ token: linkTokenSchema });

/** POST /api/account/email: the new address; the current password when the account has one. */
export const changeEmailSchema = z.strictObject({
  newEmail: emailSchema,
  currentPassword: z.string().min(1, 'Enter your current password').max(PASSWORD_MAX).optional(),
});

/** POST /api/account/password: a first password for an account made by social sign-in. */
export const setPasswordSchema = z.strictObject({ newPassword: passwordSchema });

/** PATCH /api/account/preferences. */
export const preferencesSchema = z.strictObject({ orderStatusMails: z.boolean() });

/**
 * DELETE /api/account: confirmed with the password, or, for an account without one (social
 * sign-in), by typing DELETE.
 */
export const deleteAccountSchema = z.strictObject({
  password: z.string().min(1, 'Enter your password').max(PASSWORD_MAX).optional(),
  confirm: z.literal(DELETE_CONFIRMATION_WORD, `Type ${DELETE_CONFIRMATION_WORD} to confirm`).optional(),
});

/** GET /api/account: the signed-in user's profile as the profile page shows it. */
export const profileSchema = z.object({
  id: z.string(),
  name: displayNameSchema,
  email: z.string(),
  emailVerified: z.boolean(),
  role: z.enum(ROLES),
  /** False for an account made by social sign-in that has not set a password. */
  hasPassword: z.boolean(),
  /** The social sign-in linked to the account, by its name on the button ('Google'), if any. */
  socialSignIn: z.string().nullable(),
  orderStatusMails: z.boolean(),
  createdAt: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

/** GET /api/account/sessions: where the account is signed in. No token, no secret. */
export const deviceSchema = z.object({
  id: z.string(),
  current: z.boolean(),
  /** "Chrome on Android", read from the browser's user agent. */
  device: z.string(),
  ipAddress: z.string().nullable(),
  signedInAt: z.string(),
  lastActiveAt: z.string(),
});
export type Device = z.infer<typeof deviceSchema>;
export const deviceListSchema = z.array(deviceSchema);

export const signedOutCountSchema = z.object({ signedOut: z.number().int() });
export const okSchema = z.object({ ok: z.literal(true) });
/** What asking for a mail answers: whether one was queued (false when there was nothing to send). */
export const mailQueuedSchema = z.object({ sent: z.boolean(), message: z.string() });
