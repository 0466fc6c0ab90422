import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { GUEST_REFUSED, isAdmin, isGuest, isStaff, type Role } from '../../shared/roles.ts';
import { ForbiddenError, UnauthorizedError } from '../http/errors.ts';
import { sendBetterAuthAnswer } from './better-auth-proxy.ts';
import type { RequestUser } from './request-user.ts';
import type { SessionCache } from './session-cache.ts';
import { findSessionsWithUsers, findSessionWithUser, setGuestEmail, toDate } from './session-repository.ts';
import { say } from '../i18n/wording.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A guest at a table may use this route (decision 0047); requireUser refuses guests everywhere else. */
    guests?: true;
  }
}

const EXPIRED = say('error.auth.expired');

/**
 * Who is calling: the bearer token of POST /api/jwt when the request has one (a bad one is a 401,
 * never a fallback to the cookie), else Better Auth's session cookie. Either way the session must
 * still exist and the user is its user as they are now, so a sign-out, a deleted user or a
 * changed role take effect on the very next request: a bearer token's caller is read from the
 * database, or from the callers kept since the last change of any session or user
 * (session-cache.ts, decision 0029).
 */
export async function resolveCaller(app: FastifyInstance, request: FastifyRequest): Promise<RequestUser | null> {
  const authorization = request.headers.authorization;
  let sessionId: string;
  if (authorization !== undefined) {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization);
    const claims = match ? await app.accessTokens.verify(match[1]!) : undefined;
    if (!claims) throw new UnauthorizedError(EXPIRED);
    sessionId = claims.sid;
    const kept = await keptCaller(app.sessions, sessionId);
    if (kept) return kept;
  } else {
    // No cookie, no session: a visitor is known at once, without asking Better Auth.
    if (!request.headers.cookie) return null;
    const session = await app.auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!session) return null;
    sessionId = session.session.id;
  }
  const mark = app.sessions.mark();
  const row = await findSessionWithUser(app.db, sessionId);
  if (!row) throw new UnauthorizedError(EXPIRED);
  const expiresAt = toDate(row.expiresAt);
  if (expiresAt.getTime() <= Date.now()) throw new UnauthorizedError(EXPIRED);
  const caller: RequestUser = { id: row.userId, email: row.email, name: row.name, role: row.role, sessionId, sessionExpiresAt: expiresAt };
  app.sessions.keep(caller, mark);
  return caller;
}

/** The kept caller of a session, heard after any notice of a change that came in before the request (PostgreSQL). */
async function keptCaller(sessions: SessionCache, sessionId: string): Promise<RequestUser | undefined> {
  if (sessions.get(sessionId, Date.now()) === undefined) return undefined;
  if (sessions.waitsForNotices) await new Promise<void>((resolve) => setImmediate(resolve));
  return sessions.get(sessionId, Date.now());
}

/**
 * Which of these sessions still stand (they exist and have not expired), with their user's id and
 * current role: how a long-lived answer (the order stream) checks its caller again, in one query
 * for all of them.
 */
export async function standingSessions(
  app: FastifyInstance,
  sessionIds: string[],
  now = Date.now(),
): Promise<Map<string, { userId: string; role: Role }>> {
  const rows = await findSessionsWithUsers(app.db, sessionIds);
  return new Map(rows.filter((row) => toDate(row.expiresAt).getTime() > now).map((row) => [row.sessionId, { userId: row.userId, role: row.role }]));
}

/** Whether the request's bearer token (if it has one) is still valid; a request without one passes. */
export async function bearerStillValid(app: FastifyInstance, request: FastifyRequest, now = Date.now()): Promise<boolean> {
  const authorization = request.headers.authorization;
  if (authorization === undefined) return true;
  const match = /^Bearer\s+(\S+)$/i.exec(authorization);
  return Boolean(match && (await app.accessTokens.verify(match[1]!, now)));
}

/** The sign-in guards that auth-plugin.ts decorates, each moved before the body wherever a route names it. */
export function signInGuards(app: FastifyInstance): { requireUser: preHandlerAsyncHookHandler; requireAdmin: preHandlerAsyncHookHandler; requireStaff: preHandlerAsyncHookHandler } {
  const requireUser: preHandlerAsyncHookHandler = async function (request) {
    const caller = await resolveCaller(app, request);
    if (!caller) throw new UnauthorizedError();
    // An allow-list: a route added later is refused to guests until it says otherwise.
    if (isGuest(caller.role) && request.routeOptions.config.guests !== true) throw new ForbiddenError(GUEST_REFUSED);
    request.user = caller;
  };
  const requireAdmin: preHandlerAsyncHookHandler = async function (request, reply) {
    await requireUser.call(this, request, reply);
    if (!isAdmin(request.user?.role)) throw new ForbiddenError(say('error.auth.adminOnly'));
  };
  const requireStaff: preHandlerAsyncHookHandler = async function (request, reply) {
    await requireUser.call(this, request, reply);
    if (!isStaff(request.user?.role)) throw new ForbiddenError(say('error.auth.staffOnly'));
  };
  authenticateBeforeTheBody(app, new Set([requireUser, requireAdmin, requireStaff]));
  return { requireUser, requireAdmin, requireStaff };
}

/**
 * A route may name its guard as a preValidation or preHandler hook, where it reads best; it runs
 * at onRequest instead, before the body is read and parsed. So a visitor's or a customer's body
 * sent to a route they may not use is refused by its headers alone, whatever its size or shape,
 * and costs the event loop nothing (docs/security.md, "Cheap refusals").
 */
function authenticateBeforeTheBody(app: FastifyInstance, guards: ReadonlySet<unknown>): void {
  app.addHook('onRoute', (route) => {
    const moved: preHandlerAsyncHookHandler[] = [];
    for (const stage of ['preValidation', 'preHandler'] as const) {
      const hooks = [route[stage]].flat().filter((hook) => hook !== undefined);
      if (!hooks.some((hook) => guards.has(hook))) continue;
      moved.push(...(hooks.filter((hook) => guards.has(hook)) as preHandlerAsyncHookHandler[]));
      route[stage] = hooks.filter((hook) => !guards.has(hook)) as never;
    }
    if (moved.length > 0) route.onRequest = [...[route.onRequest].flat().filter((hook) => hook !== undefined), ...moved] as never;
  });
}

/**
 * A new guest and its session cookie, named `name`, with the receipt's e-mail if given (decision 0047), through Better Auth's
 * anonymous plugin, which no route forwards to: the caller (tables-routes.ts) has checked the
 * table's link. The request's cookie is not passed on, so each call begins a guest of its own.
 */
export async function beginGuest(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, { name, email }: { name: string; email?: string }): Promise<FastifyReply> {
  const headers = new Headers({ 'content-type': 'application/json' });
  for (const header of ['user-agent', 'x-forwarded-for']) {
    const value = request.headers[header];
    if (typeof value === 'string') headers.set(header, value);
  }
  const url = new URL('/api/auth/sign-in/anonymous', app.auth.options.baseURL as string);
  const answer = await app.auth.handler(new Request(url, { method: 'POST', headers, body: JSON.stringify({ name }) }));
  if (answer.ok && email !== undefined) {
    // Kept apart from `email` (the plugin's unique placeholder): the receipt's address only.
    const { user } = (await answer.clone().json()) as { user: { id: string } };
    await setGuestEmail(app.db, user.id, email);
  }
  return sendBetterAuthAnswer(reply, answer);
}
