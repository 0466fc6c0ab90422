import { z } from 'zod';

export * from './auth-constants.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from './auth-constants.ts';
import { OWN_IMAGE_URL } from './images.ts';

export const emailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email('Enter a valid e-mail address'));

/** A display name: the spec's greeting and every later payment and order show it. */
export const displayNameSchema = z.string().trim().min(1, 'Enter your name').max(100, 'At most 100 characters');

/**
 * The shape of a password. The server also refuses common, breached and easily guessed ones
 * (src/server/auth/password-strength.ts), which needs dictionaries too large for the browser.
 */
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

/** The sign-in body: Better Auth's e-mail and password, plus the captcha it must carry. */
export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Enter your password').max(PASSWORD_MAX),
  captchaId: z.string().min(1).max(64),
  captchaAnswer: captchaAnswerSchema,
});
export type SignInBody = z.infer<typeof signInSchema>;

export const captchaSchema = z.object({
  id: z.string(),
  /** A PNG picture of the characters, as a data: URL. */
  image: z.string(),
  expiresAt: z.string(),
});
export type Captcha = z.infer<typeof captchaSchema>;

export const captchaCheckSchema = z.object({ id: z.string().min(1).max(64), answer: captchaAnswerSchema });
export const captchaCheckResultSchema = z.object({ valid: z.boolean() });

/** POST /api/captcha/spelled: the picture's characters in words, for a screen reader, on request. */
export const captchaSpelledRequestSchema = z.strictObject({ id: z.string().min(1).max(64) });
/** The captcha's characters spelled out in words, and as they are, to copy into the field. */
export const captchaSpelledSchema = z.object({ spelled: z.string(), characters: z.string() });
export type CaptchaSpelled = z.infer<typeof captchaSpelledSchema>;

/** POST /api/jwt: a token only for the signed-in caller's own e-mail. */
export const tokenRequestSchema = z.object({ email: emailSchema });
export const tokenResponseSchema = z.object({ token: z.string() });

/** Which ways of signing in the login page offers. */
export const authProvidersSchema = z.object({
  social: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type AuthProviders = z.infer<typeof authProvidersSchema>;

/** The signed-in user as the web app knows them (the spec's session user). */
export interface SessionUser {
  uid: string;
  email: string;
  displayName: string | null;
  /** Whether the address is confirmed, as the session said (the dashboard's banner shows at once). */
  emailVerified?: boolean;
}

/**
 * POST /api/auth/update-user: the display name and a picture uploaded to this shop, nothing
 * else (no role, no e-mail, no other field), and at least one of them.
 */
export const updateUserSchema = z
  .strictObject({
    name: displayNameSchema.optional(),
    image: z.string().regex(OWN_IMAGE_URL, 'The picture must be one uploaded to this shop').nullable().optional(),
  })
  .refine((body) => body.name !== undefined || body.image !== undefined, 'Send a name or a picture to change');

/** POST /api/auth/change-password: the current password, and a new one under sign-up's rules. */
export const changePasswordSchema = z.strictObject({
  currentPassword: z.string().min(1, 'Enter your current password').max(PASSWORD_MAX),
  newPassword: passwordSchema,
  revokeOtherSessions: z.boolean().optional(),
});
