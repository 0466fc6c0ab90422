import { z } from 'zod';

export * from './auth-constants.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from './auth-constants.ts';
import { OWN_IMAGE_URL } from './images.ts';

export const emailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email('Enter a valid e-mail address'));

export const displayNameSchema = z.string().trim().min(1, 'Enter your name').max(100, 'At most 100 characters');

/** Shape only: the server also refuses weak passwords (src/server/auth/password-strength.ts), with dictionaries too large for the browser. */
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN, `At least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `At most ${PASSWORD_MAX} characters`)
  .refine((password) => password.trim() !== '', 'A password cannot be only spaces');

export const signUpSchema = z.object({
  name: displayNameSchema,
  email: emailSchema,
  password: passwordSchema,
});
export type SignUpBody = z.infer<typeof signUpSchema>;

export const captchaAnswerSchema = z.string().trim().min(1, 'Type the characters of the picture').max(20);

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Enter your password').max(PASSWORD_MAX),
  captchaId: z.string().min(1).max(64),
  captchaAnswer: captchaAnswerSchema,
});
export type SignInBody = z.infer<typeof signInSchema>;

export const captchaSchema = z.object({
  id: z.string(),
  image: z.string(),
  expiresAt: z.string(),
});
export type Captcha = z.infer<typeof captchaSchema>;

export const captchaCheckSchema = z.object({ id: z.string().min(1).max(64), answer: captchaAnswerSchema });
export const captchaCheckResultSchema = z.object({ valid: z.boolean() });

/**
 * The captcha's accessible alternative (docs/decisions/0043-sign-in-limits.md): its characters
 * mailed to the account being signed in to, to copy from the mail; never in the answer.
 */
export const captchaByMailRequestSchema = z.strictObject({ id: z.string().min(1).max(64), email: emailSchema });
export const captchaByMailSchema = z.object({ message: z.string() });
export type CaptchaByMail = z.infer<typeof captchaByMailSchema>;
/** The same words whether or not the address has an account, so the answer tells nobody which. */
export const CAPTCHA_MAILED_MESSAGE =
  'If an account uses this address, we mailed it the characters of this captcha. Copy them from the mail into the field below; the mail also spells them out.';

/** Why a password made of the person's or the shop's words is refused. */
export const PASSWORD_OWN_WORDS = 'It is built on your name, your e-mail or this shop’s words (Raw Roots, a dish), which are guessed first.';
/** Said with every refused weak password (src/server/auth/password-strength.ts). */
export const PASSWORD_ADVICE = 'Three or four ordinary words that have nothing to do with you or this shop make a strong password that is easy to remember.';

/** A 429 of an account's back-off: what the owner can do at once instead of waiting. */
export function signInBackoffMessage(seconds: number): string {
  return `Too many failed sign-ins to this account. Please wait ${seconds} seconds and try again, or use “Mail me the characters” below the captcha to sign in at once.`;
}

/** A token only for the signed-in caller's own e-mail. */
export const tokenRequestSchema = z.object({ email: emailSchema });
export const tokenResponseSchema = z.object({ token: z.string() });

/** A path of this shop: a callback on another site would carry a fresh sign-in there. */
const shopPathSchema = z.string().max(500).regex(/^\/(?![/\\])/, 'A path of this shop, starting with one /');

/** Strict: only the fields the log-in page sends; Better Auth would take more (an ID token, scopes). */
export const socialSignInSchema = z.strictObject({
  provider: z.string().min(1).max(50),
  callbackURL: shopPathSchema.optional(),
  errorCallbackURL: shopPathSchema.optional(),
  newUserCallbackURL: shopPathSchema.optional(),
  disableRedirect: z.boolean().optional(),
});

export const authProvidersSchema = z.object({
  social: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type AuthProviders = z.infer<typeof authProvidersSchema>;

export interface SessionUser {
  uid: string;
  email: string;
  displayName: string | null;
  /** From the session, so the dashboard's banner shows without another request. */
  emailVerified?: boolean;
  /** A guest begun at a table (decision 0047): no bearer token, its session cookie signs its calls. */
  guest?: boolean;
}

/** Strict: a role or an e-mail sent here is refused, not ignored. */
export const updateUserSchema = z
  .strictObject({
    name: displayNameSchema.optional(),
    image: z.string().regex(OWN_IMAGE_URL, 'The picture must be one uploaded to this shop').nullable().optional(),
  })
  .refine((body) => body.name !== undefined || body.image !== undefined, 'Send a name or a picture to change');

export const changePasswordSchema = z.strictObject({
  currentPassword: z.string().min(1, 'Enter your current password').max(PASSWORD_MAX),
  newPassword: passwordSchema,
  revokeOtherSessions: z.boolean().optional(),
});
