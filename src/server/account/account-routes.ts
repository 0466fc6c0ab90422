import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  changeEmailSchema,
  deleteAccountSchema,
  deviceListSchema,
  linkTokenBodySchema,
  mailQueuedSchema,
  okSchema,
  preferencesSchema,
  profileSchema,
  setPasswordSchema,
  signedOutCountSchema,
} from '../../shared/account.ts';
import { z } from 'zod';
import { rateLimitFor } from '../auth/rate-limits.ts';
import { MAIL_DISABLED_REASON } from '../http/errors.ts';
import { useStrictJson } from '../http/strict-json.ts';
import type { AccountUser } from './account-service.ts';

function caller(request: FastifyRequest): AccountUser {
  const user = request.user!;
  return { id: user.id, name: user.name, email: user.email, sessionId: user.sessionId };
}

/**
 * The profile page's API (docs/accounts.md): the caller's own account only, always from the
 * session, never from an id in the request. The two links' routes (verify, confirm a new address)
 * take the token alone: whoever holds the mail holds the link.
 */
export async function accountRoutes(instance: FastifyInstance): Promise<void> {
  useStrictJson(instance);
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { config, accounts } = app;

  app.get('/account', { schema: { summary: "The caller's profile", response: { 200: profileSchema } }, preHandler: app.requireUser }, async (request) => {
    return accounts.profile(request.user!.id);
  });

  app.patch(
    '/account/preferences',
    { schema: { summary: "Change the caller's preferences", body: preferencesSchema, response: { 200: profileSchema } }, preHandler: app.requireUser },
    async (request) => accounts.setPreferences(request.user!.id, request.body),
  );

  app.post(
    '/account/verification-email',
    {
      schema: { summary: 'Mail the link that confirms the e-mail address again', response: { 200: mailQueuedSchema } },
      config: { rateLimit: rateLimitFor(config, 'mail'), errors: { 409: MAIL_DISABLED_REASON } },
      preHandler: app.requireUser,
    },
    async (request) => accounts.resendVerification(caller(request)),
  );

  app.post(
    '/account/verify-email',
    { schema: { summary: "Confirm the e-mail address with the mailed link's token", body: linkTokenBodySchema, response: { 200: okSchema } }, config: { rateLimit: rateLimitFor(config, 'mail') } },
    async (request) => {
      await accounts.verifyEmail(request.body.token);
      return { ok: true as const };
    },
  );

  app.post(
    '/account/email',
    {
      schema: { summary: 'Ask to change the e-mail address (a link goes to the new one)', body: changeEmailSchema, response: { 200: mailQueuedSchema } },
      config: { rateLimit: rateLimitFor(config, 'mail'), errors: { 409: 'Another account uses the new address, or the shop sends no mail at the moment (MAIL_DISABLED; the reason in the message)' } },
      preHandler: app.requireUser,
    },
    async (request) => {
      // It checks the current password: limited per session too, like changing the password.
      await app.limits.perSession('password', request.user!.sessionId);
      const { newEmail, currentPassword } = request.body;
      return accounts.requestEmailChange(caller(request), newEmail, currentPassword);
    },
  );

  app.post(
    '/account/email/confirm',
    {
      schema: { summary: "Confirm the new e-mail address with the mailed link's token", body: linkTokenBodySchema, response: { 200: z.object({ email: z.string() }) } },
      config: { rateLimit: rateLimitFor(config, 'mail'), errors: { 409: 'Another account took the new address meanwhile' } },
    },
    async (request) => accounts.confirmEmailChange(request.body.token),
  );

  app.post(
    '/account/password',
    {
      schema: { summary: 'Set a password for an account made by social sign-in', body: setPasswordSchema, response: { 200: okSchema } },
      config: { rateLimit: rateLimitFor(config, 'password'), errors: { 409: 'The account has a password already: change it with the current one' } },
      preHandler: app.requireUser,
    },
    async (request) => {
      const user = caller(request);
      await app.passwords.assertStrong('newPassword', request.body.newPassword, user);
      await accounts.setPassword(user, request.body.newPassword);
      return { ok: true as const };
    },
  );

  app.get('/account/sessions', { schema: { summary: "The caller's signed-in devices", response: { 200: deviceListSchema } }, preHandler: app.requireUser }, async (request) =>
    accounts.devices(caller(request)),
  );

  app.post(
    '/account/sessions/sign-out-others',
    { schema: { summary: "Sign out the caller's other devices", response: { 200: signedOutCountSchema } }, preHandler: app.requireUser },
    async (request) => ({ signedOut: await accounts.signOutOthers(caller(request)) }),
  );

  // The customer's data as a file: the profile, devices, orders, payments, cart and saved addresses.
  app.get('/account/export', { schema: { summary: 'The caller\'s data as a JSON file' }, preHandler: app.requireUser }, async (request, reply) => {
    const user = caller(request);
    const orders = [];
    for (let page = 1; ; page++) {
      const list = await app.orders.listOwn({ id: user.id, name: user.name, role: request.user!.role }, page, 100);
      orders.push(...list.orders.map(({ timeline, ...order }) => ({ ...order, timeline: timeline.map(({ by: _by, ...entry }) => entry) })));
      if (page * list.pageSize >= list.total) break;
    }
    const data = {
      exportedAt: new Date().toISOString(),
      profile: await accounts.profile(user.id),
      devices: await accounts.devices(user),
      orders,
      payments: await app.payments.listOwn(user.id),
      cart: await app.cart.entriesOf(user.id, user.email),
      savedAddresses: await app.savedAddresses.listOwn(user.id),
      // The reviews the shop shows are the restaurant's own selection: none is linked to an account.
      reviews: [],
    };
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', 'attachment; filename="raw-roots-my-data.json"')
      .header('cache-control', 'no-store')
      .send(JSON.stringify(data, null, 2));
  });

  app.delete(
    '/account',
    {
      schema: { summary: "Delete the caller's own account, confirmed with its password", body: deleteAccountSchema, response: { 200: okSchema } },
      config: { rateLimit: rateLimitFor(config, 'password'), errors: { 409: 'A payment of the account is not settled yet, or one of its orders is still on its way (the reason in the message)' } },
      preHandler: app.requireUser,
    },
    async (request) => {
      await app.limits.perSession('password', request.user!.sessionId);
      await accounts.deleteOwn(caller(request), request.body);
      return { ok: true as const };
    },
  );
}
