import { z } from 'zod';

export * from './auth-constants.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from './auth-constants.ts';

export const emailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email('Enter a valid e-mail address'));

export const signUpSchema = z.object({
  name: z.string().trim().min(1, 'Enter your name').max(100, 'At most 100 characters'),
  email: emailSchema,
  password: z
    .string()
    .min(PASSWORD_MIN, `At least ${PASSWORD_MIN} characters`)
    .max(PASSWORD_MAX, `At most ${PASSWORD_MAX} characters`),
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
}
