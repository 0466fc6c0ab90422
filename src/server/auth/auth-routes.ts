import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  SOCIAL_PROVIDER_ID,
  authProvidersSchema,
  type AuthProviders,
  captchaCheckResultSchema,
  captchaCheckSchema,
  captchaSchema,
  changePasswordSchema,
  signInSchema,
  signUpSchema,
  tokenRequestSchema,
  tokenResponseSchema,
  updateUserSchema,
} from '../../shared/auth.ts';
import type { Config } from '../config.ts';
import { ForbiddenError, NotFoundError } from '../http/errors.ts';
import { forwardToBetterAuth } from './better-auth-proxy.ts';
import { CaptchaService } from './captcha-service.ts';
import { assertStrongPassword } from './password-strength.ts';
import { limitPerSession, rateLimitFor } from './rate-limits.ts';

const BETTER_AUTH_PASSTHROUGH = new Set([
  'GET get-session',
  'POST sign-out',
  // The OpenID Connect provider comes back here (GET; the form_post response mode has its own route).
  `GET callback/${SOCIAL_PROVIDER_ID}`,
  'GET error',
]);

/** The sign-in options (GET /api/auth-providers; drawn into the log-in page too): social sign-in when configured. */
export function authProvidersOf(config: Config): AuthProviders {
  return { social: config.OIDC_CLIENT_ID ? { id: SOCIAL_PROVIDER_ID, name: config.OIDC_PROVIDER_NAME } : null };
}

/**
 * The accounts API: Better Auth at /api/auth/* (sign-up, sign-in with the captcha, sign-out,
 * session, display name, social sign-in), the captcha, the bearer token and the sign-in options.
 */
export async function authRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { config } = app;
  const captchas = new CaptchaService(app.db);

  app.post(
    '/auth/sign-up/email',
    { schema: { body: signUpSchema }, config: { rateLimit: rateLimitFor(config, 'sign-up') } },
    // The checked body goes on: unknown fields (a role, an image, a callback URL) are dropped.
    async (request, reply) => {
      const { name, email, password } = request.body;
      await assertStrongPassword('password', password, [name, email]);
      return forwardToBetterAuth(app.auth, request, reply, request.body);
    },
  );

  app.post(
    '/auth/sign-in/email',
    { schema: { body: signInSchema }, config: { rateLimit: rateLimitFor(config, 'sign-in') } },
    async (request, reply) => {
      const { email, password, captchaId, captchaAnswer } = request.body;
      await captchas.consume(captchaId, captchaAnswer);
      return forwardToBetterAuth(app.auth, request, reply, { email, password });
    },
  );

  app.post(
    '/auth/sign-in/social',
    { config: { rateLimit: rateLimitFor(config, 'sign-in') } },
    async (request, reply) => forwardToBetterAuth(app.auth, request, reply),
  );

  // Only the display name and a picture of the shop's own: Better Auth would take any field it knows.
  app.post(
    '/auth/update-user',
    { schema: { body: updateUserSchema }, preHandler: app.requireUser },
    async (request, reply) => forwardToBetterAuth(app.auth, request, reply, request.body),
  );

  // Checks the current password: limited per address and per session, like signing in, so a
  // stolen session cannot guess its way to the password.
  app.post(
    '/auth/change-password',
    {
      schema: { body: changePasswordSchema },
      config: { rateLimit: rateLimitFor(config, 'password') },
      preHandler: app.requireUser,
    },
    async (request, reply) => {
      await limitPerSession(app.db, config, 'password', request.user!.sessionId);
      await assertStrongPassword('newPassword', request.body.newPassword, [request.user!.name, request.user!.email]);
      return forwardToBetterAuth(app.auth, request, reply, request.body);
    },
  );

  // An OpenID Connect provider using response_mode=form_post comes back with a form post from its
  // own site. Better Auth only turns it into the GET callback (where the state is checked), so
  // the post carries no authority of its own and passes the cross-site guard.
  await app.register(async (formPost) => {
    formPost.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    formPost.post(`/auth/callback/${SOCIAL_PROVIDER_ID}`, { config: { allowCrossSite: true } }, async (request, reply) =>
      forwardToBetterAuth(app.auth, request, reply),
    );
  });

  // The rest of Better Auth that the shop uses, and nothing else: an allow-list, so no other
  // spelling of a guarded path (a trailing slash, another case) reaches Better Auth's router.
  app.route({
    method: ['GET', 'POST'],
    url: '/auth/*',
    handler: async (request, reply) => {
      const rest = (request.params as { '*': string })['*'];
      if (!BETTER_AUTH_PASSTHROUGH.has(`${request.method} ${rest}`)) throw new NotFoundError(`No route ${request.method} ${request.url.split('?')[0]}`);
      return forwardToBetterAuth(app.auth, request, reply);
    },
  });

  app.get('/auth-providers', { schema: { response: { 200: authProvidersSchema } } }, async () => authProvidersOf(config));

  app.post(
    '/captcha',
    { schema: { response: { 201: captchaSchema } }, config: { rateLimit: rateLimitFor(config, 'captcha') } },
    async (_request, reply) => reply.code(201).header('cache-control', 'no-store').send(await captchas.create()),
  );

  app.post(
    '/captcha/check',
    {
      schema: { body: captchaCheckSchema, response: { 200: captchaCheckResultSchema } },
      config: { rateLimit: rateLimitFor(config, 'captcha') },
    },
    async (request) => ({ valid: await captchas.check(request.body.id, request.body.answer) }),
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
      if (request.body.email !== user.email) throw new ForbiddenError('A token is issued only for your own e-mail');
      const token = app.accessTokens.sign({
        sub: user.id,
        sid: user.sessionId,
        email: user.email,
        exp: Math.floor(user.sessionExpiresAt.getTime() / 1000),
      });
      return { token };
    },
  );
}
