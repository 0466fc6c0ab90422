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

/** The captcha spelled out for screen readers, on request. */
export const captchaSpelledRequestSchema = z.strictObject({ id: z.string().min(1).max(64) });
export const captchaSpelledSchema = z.object({ spelled: z.string(), characters: z.string() });
export type CaptchaSpelled = z.infer<typeof captchaSpelledSchema>;

/** A token only for the signed-in caller's own e-mail. */
export const tokenRequestSchema = z.object({ email: emailSchema });
export const tokenResponseSchema = z.object({ token: z.string() });

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
