import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AccessTokens } from './access-token.ts';
import { createAuth, type Auth } from './auth-instance.ts';
import { resolveAuthSecret } from './auth-secret.ts';
import { signInGuards } from './authenticate.ts';
import { CaptchaService } from './captcha-service.ts';
import { PasswordRules } from './password-strength.ts';
import { SessionLimits } from './rate-limits.ts';
import { SignInLimits } from './sign-in-limits.ts';
import type { RequestUser } from './request-user.ts';
import { SessionCache } from './session-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Better Auth (auth-instance.ts). */
    auth: Auth;
    accessTokens: AccessTokens;
    /** The callers of recent requests, kept until any session or user changes (session-cache.ts). */
    sessions: SessionCache;
    /** The login page's captchas (captcha-service.ts). */
    captchas: CaptchaService;
    /** The limits counted per session as well as per address (rate-limits.ts). */
    limits: SessionLimits;
    /** Sign-in's limit per account, with its back-off (sign-in-limits.ts). */
    signInLimits: SignInLimits;
    /** The password rules with the shop's words (password-strength.ts). */
    passwords: PasswordRules;
    /** preHandler: a signed-in caller (bearer token or session cookie), else 401. Sets request.user. */
    requireUser: preHandlerAsyncHookHandler;
    /** preHandler: a signed-in administrator, else 401 (anonymous) or 403 (customer, staff). */
    requireAdmin: preHandlerAsyncHookHandler;
    /** preHandler: a signed-in staff member or administrator (they run the order board), else 401 or 403. */
    requireStaff: preHandlerAsyncHookHandler;
  }
  interface FastifyRequest {
    user: RequestUser | null;
  }
}

/**
 * Sign-in: Better Auth, the bearer tokens, the kept callers, the guards (after the cross-site
 * guard of http/http-plugin.ts), the captchas and the per-session limits.
 */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    const { config, database, accounts, keptAnswers } = app;
    const authSecret = await resolveAuthSecret(app.db, config.AUTH_SECRET);
    const auth = createAuth({
      config,
      db: app.db,
      dbKind: database.kind,
      secret: authSecret,
      log: app.log,
      mail: {
        queuePasswordReset: (user, token) => accounts.queuePasswordReset(user, token),
        sendVerification: (user) => accounts.sendVerification(user),
        passwordWasReset: async (user) => void (await accounts.markVerified(user.id, user.email)),
      },
      guestLinked: (guestId, user) => accounts.keepGuestOrders(guestId, user),
    });
    accounts.auth = auth;
    const sessions = new SessionCache({ events: app.events, writes: database.watchedWrites, waitsForNotices: database.kind === 'postgres' });
    app.decorate('auth', auth);
    app.decorate('accessTokens', new AccessTokens(authSecret));
    app.decorate('sessions', sessions);
    app.decorate('captchas', new CaptchaService(app.db));
    app.decorate('limits', new SessionLimits(app.db, config));
    app.decorate('signInLimits', new SignInLimits(app.db, config));
    // The menu is read when a password is checked, so the menu's plugin may come after this one.
    app.decorate('passwords', new PasswordRules(async () => (await app.menu.current()).items.map((dish) => dish.name)));
    app.decorateRequest('user', null);
    const guards = signInGuards(app);
    app.decorate('requireUser', guards.requireUser);
    app.decorate('requireAdmin', guards.requireAdmin);
    app.decorate('requireStaff', guards.requireStaff);

    // A signed-in caller's answer is theirs: no browser or proxy may keep it (a shared computer's
    // back button, a cache between), unless its route chose its own header (kept answers are
    // `private, no-cache` with an ETag: revalidated every time, http/snapshot-answer.ts).
    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.user && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      done(null, payload);
    });

    if (database.kind === 'postgres') {
      // An answer after a write to a session or a user, or to the caller's cart or orders, goes once
      // PostgreSQL has sent the write's notice to every process (session-cache.ts, kept-answers.ts):
      // a sign-out ends the session everywhere, and a cart changed here is never read stale there,
      // before its answer arrives. Every other answer passes at once.
      app.addHook('onSend', (request, _reply, payload, done) => {
        const sessionNotice = sessions.pendingNotice();
        const answerNotice = keptAnswers.pendingNotice(request.user?.id);
        if (sessionNotice === undefined && answerNotice === undefined) done(null, payload);
        else void Promise.all([sessionNotice, answerNotice]).then(() => done(null, payload));
      });
    }
  },
  { name: 'auth', fastify: '5.x', dependencies: ['database', 'events', 'accounts', 'answers'] },
);
