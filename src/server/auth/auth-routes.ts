import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SOCIAL_DONE_PATH,
  SOCIAL_PROVIDER_ID,
  authProvidersSchema,
  knownSocialError,
  captchaCheckResultSchema,
  captchaCheckSchema,
  captchaSchema,
  CAPTCHA_MAILED_MESSAGE,
  captchaByMailRequestSchema,
  captchaByMailSchema,
  changePasswordSchema,
  signInSchema,
  signUpSchema,
  socialSignInSchema,
  tokenRequestSchema,
  tokenResponseSchema,
  updateUserSchema,
} from '../../shared/auth.ts';
import {
  INVALID_LINK_MESSAGE,
  RESET_REQUESTED_MESSAGE,
  requestPasswordResetSchema,
  resetPasswordSchema,
  resetRequestedSchema,
} from '../../shared/account.ts';
import { ForbiddenError, HttpError, MAIL_DISABLED_REASON, NotFoundError } from '../http/errors.ts';
import { authProvidersOf } from './auth-providers.ts';
import { askBetterAuth, forwardToBetterAuth, sendBetterAuthAnswer } from './better-auth-proxy.ts';
import { addressKey } from './client-address.ts';
import { rateLimitFor } from './rate-limits.ts';
import { say } from '../i18n/wording.ts';

/**
 * "Forgot password?" and the captcha by mail answer no sooner than this, whether or not the
 * address has an account, so the time of the answer does not tell either (the mail is only queued).
 */
const MAIL_ANSWER_FLOOR_MS = 250;

/**
 * The accounts API: Better Auth at /api/auth/* (sign-up, sign-in with the captcha, sign-out,
 * session, display name, social sign-in), the captcha, the bearer token and the sign-in options.
 */
export async function authRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { config } = app;
  const { captchas } = app;

  app.post(
    '/auth/sign-up/email',
    { schema: { summary: 'Sign up with name, e-mail and password (sets the session cookie)', body: signUpSchema }, config: { rateLimit: rateLimitFor(config, 'sign-up'), errors: { 409: 'An account with this e-mail already exists' } } },
    // The checked body goes on: unknown fields (a role, an image, a callback URL) are dropped.
    async (request, reply) => {
      const { name, email, password } = request.body;
      await app.passwords.assertStrong('password', password, { name, email });
      return forwardToBetterAuth(app.auth, request, reply, request.body);
    },
  );

  app.post(
    '/auth/sign-in/email',
    {
      schema: { summary: 'Sign in with e-mail, password and the captcha (sets the session cookie)', body: signInSchema },
      config: { rateLimit: rateLimitFor(config, 'sign-in'), errors: { 401: 'The e-mail or the password is not right' } },
    },
    // Then the account's own limit, whatever the address (sign-in-limits.ts, decision 0043).
    async (request, reply) => {
      const { email, password, captchaId, captchaAnswer } = request.body;
      const { mailedToAccount } = await captchas.consume(captchaId, captchaAnswer, email);
      const address = addressKey(request.ip);
      await app.signInLimits.assertAllowed(email, { address, captchaMailedToAccount: mailedToAccount });
      const answer = await askBetterAuth(app.auth, request, { email, password });
      if (answer.status === 401) await app.signInLimits.failed(email);
      else if (answer.ok) {
        const { user } = (await answer.clone().json()) as { user: { id: string } };
        await app.signInLimits.succeeded(email, user.id, address);
      }
      return sendBetterAuthAnswer(reply, answer);
    },
  );

  app.post(
    '/auth/sign-in/social',
    {
      schema: { summary: 'Start a social sign-in: the identity provider\'s address', body: socialSignInSchema },
      config: { rateLimit: rateLimitFor(config, 'sign-in'), errors: { 404: 'The shop has no identity provider of that name (GET /api/auth-providers names the one it has)' } },
    },
    async (request, reply) => forwardToBetterAuth(app.auth, request, reply),
  );

  // Only the display name and a picture of the shop's own: Better Auth would take any field it knows.
  app.post(
    '/auth/update-user',
    { schema: { summary: 'Change the display name (or picture)', body: updateUserSchema }, config: { sessionCookieOnly: true }, preHandler: app.requireUser },
    async (request, reply) => forwardToBetterAuth(app.auth, request, reply, request.body),
  );

  // Checks the current password: limited per address and per session, like signing in, so a
  // stolen session cannot guess its way to the password.
  app.post(
    '/auth/change-password',
    {
      schema: { summary: 'Change the password, giving the current one', body: changePasswordSchema },
      config: { rateLimit: rateLimitFor(config, 'password'), sessionCookieOnly: true },
      preHandler: app.requireUser,
    },
    async (request, reply) => {
      await app.limits.perSession('password', request.user!.sessionId);
      await app.passwords.assertStrong('newPassword', request.body.newPassword, request.user!);
      return forwardToBetterAuth(app.auth, request, reply, request.body);
    },
  );

  // Better Auth's own reset: it makes a single-use token valid for an hour and, once it is used,
  // sets the password and ends every session of the account. The shop checks the bodies, limits
  // the requests per address and per e-mail and address, mails one link per few minutes at most
  // (AccountService.resetMailDue), and always gives the same answer.
  app.post(
    '/auth/request-password-reset',
    {
      schema: { summary: 'Mail a link to reset the password (the same answer for every address)', body: requestPasswordResetSchema, response: { 200: resetRequestedSchema } },
      config: { rateLimit: rateLimitFor(config, 'mail') },
    },
    async (request, reply) => {
      const started = performance.now();
      if (await app.accounts.resetMailDue(request.body.email, addressKey(request.ip))) {
        const answer = await askBetterAuth(app.auth, request, { email: request.body.email });
        if (!answer.ok) return sendBetterAuthAnswer(reply, answer);
      }
      await sleep(Math.max(0, started + MAIL_ANSWER_FLOOR_MS - performance.now()));
      return { status: true as const, message: RESET_REQUESTED_MESSAGE };
    },
  );

  app.post(
    '/auth/reset-password',
    { schema: { summary: "Set a new password with the mailed link's token", body: resetPasswordSchema }, config: { rateLimit: rateLimitFor(config, 'password') } },
    async (request, reply) => {
      const { token, newPassword } = request.body;
      const userId = await app.accounts.resetLinkUserId(token);
      if (!userId) throw new HttpError(400, 'INVALID_LINK', INVALID_LINK_MESSAGE);
      const owner = await app.accounts.profile(userId);
      await app.passwords.assertStrong('newPassword', newPassword, owner);
      const answer = await askBetterAuth(app.auth, request, { token, newPassword });
      // Used a moment ago by another request: the same words as any spent link.
      if (answer.status === 400) throw new HttpError(400, 'INVALID_LINK', INVALID_LINK_MESSAGE);
      return sendBetterAuthAnswer(reply, answer);
    },
  );

  // An OpenID Connect provider using response_mode=form_post comes back with a form post from its
  // own site. Better Auth only turns it into the GET callback (where the state is checked), so
  // the post carries no authority of its own and passes the cross-site guard.
  await app.register(async (formPost) => {
    formPost.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    formPost.post(`/auth/callback/${SOCIAL_PROVIDER_ID}`, { schema: { summary: 'The identity provider\'s form post back (form_post response mode)' }, config: { allowCrossSite: true } }, async (request, reply) =>
      forwardToBetterAuth(app.auth, request, reply),
    );
  });

  // The rest of Better Auth that the shop uses, one route each, and nothing else: no other path
  // or spelling of a guarded one (another case) reaches Better Auth's router. They read the cookie.
  app.get('/auth/get-session', { schema: { summary: 'The session of the cookie and its user, or null' }, config: { sessionCookieOnly: true } }, async (request, reply) =>
    forwardToBetterAuth(app.auth, request, reply),
  );
  app.post('/auth/sign-out', { schema: { summary: "End the cookie's session and clear the cookie" }, config: { sessionCookieOnly: true } }, async (request, reply) =>
    forwardToBetterAuth(app.auth, request, reply),
  );
  // The OpenID Connect provider comes back here (GET; the form_post response mode has its own route).
  app.get(
    `/auth/callback/${SOCIAL_PROVIDER_ID}`,
    { schema: { summary: 'Where the identity provider sends the browser back (a redirect)', querystring: z.looseObject({ state: z.string().optional(), code: z.string().optional() }) } },
    async (request, reply) => forwardToBetterAuth(app.auth, request, reply),
  );

  // Better Auth's error page would show any text of its address on the shop's domain: the popup's
  // last page shows the shop's own message for a known code instead, and nothing else of the query.
  app.get('/auth/error', { schema: { summary: 'Social sign-in\'s error page: back to the popup\'s last page', querystring: z.looseObject({ error: z.string().optional().catch(undefined) }) } }, async (request, reply) =>
    reply
      .header('cache-control', 'no-store')
      .redirect(`${SOCIAL_DONE_PATH}?error=${encodeURIComponent(knownSocialError(request.query.error))}`),
  );

  app.get('/auth-providers', { schema: { summary: 'The sign-in options the shop offers', response: { 200: authProvidersSchema } } }, async () => authProvidersOf(config));

  app.post(
    '/captcha',
    { schema: { summary: 'A new captcha picture for signing in', response: { 201: captchaSchema } }, config: { rateLimit: rateLimitFor(config, 'captcha') } },
    async (_request, reply) => reply.code(201).header('cache-control', 'no-store').send(await captchas.create()),
  );

  app.post(
    '/captcha/check',
    {
      schema: { summary: "Check a captcha's answer without using it up", body: captchaCheckSchema, response: { 200: captchaCheckResultSchema } },
      config: { rateLimit: rateLimitFor(config, 'captcha') },
    },
    async (request) => ({ valid: await captchas.check(request.body.id, request.body.answer) }),
  );

  // The accessible alternative of the picture (decision 0043): its characters mailed to the
  // account being signed in to, never in the answer. Limited per address like the captcha, and
  // per recipient in AccountService.mailCaptcha; the same answer whether or not the account exists.
  app.post(
    '/captcha/by-mail',
    {
      schema: { summary: "Mail a captcha's characters to the account being signed in to", body: captchaByMailRequestSchema, response: { 200: captchaByMailSchema } },
      config: { rateLimit: rateLimitFor(config, 'mail'), errors: { 404: 'The captcha has expired or was mailed to another address', 409: MAIL_DISABLED_REASON } },
    },
    async (request, reply) => {
      const started = performance.now();
      const { id, email } = request.body;
      const characters = await captchas.bindToEmail(id, email);
      if (!characters) throw new NotFoundError(say('error.auth.captchaExpired'));
      await app.accounts.mailCaptcha(email, characters, addressKey(request.ip));
      await sleep(Math.max(0, started + MAIL_ANSWER_FLOOR_MS - performance.now()));
      return reply.header('cache-control', 'no-store').send({ message: CAPTCHA_MAILED_MESSAGE });
    },
  );

  app.post(
    '/jwt',
    {
      schema: { body: tokenRequestSchema, response: { 200: tokenResponseSchema } },
      config: { rateLimit: rateLimitFor(config, 'token') },
      preHandler: app.requireUser,
    },
    async (request) => {
      const user = request.user!;
      if (request.body.email !== user.email) throw new ForbiddenError(say('error.auth.tokenOwnOnly'));
      const token = await app.accessTokens.sign({
        sub: user.id,
        sid: user.sessionId,
        email: user.email,
        exp: Math.floor(user.sessionExpiresAt.getTime() / 1000),
      });
      return { token };
    },
  );
}
