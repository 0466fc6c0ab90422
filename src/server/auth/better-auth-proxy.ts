import type { FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { ApiError } from '../../shared/errors.ts';
import type { Auth } from './auth-instance.ts';

const HOP_HEADERS = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'set-cookie']);

/**
 * Hands a request to Better Auth (a fetch-style handler) and sends its answer through Fastify.
 * `body` replaces the parsed body when the route has checked and trimmed it. Answers are
 * rewritten on the way out: errors get the API's error shape, and the session token Better
 * Auth puts in some bodies is removed (it lives in the HttpOnly cookie only).
 */
export async function forwardToBetterAuth(
  auth: Auth,
  request: FastifyRequest,
  reply: FastifyReply,
  body: unknown = request.body,
): Promise<FastifyReply> {
  return sendBetterAuthAnswer(reply, await askBetterAuth(auth, request, body));
}

/** Better Auth's answer to the request (with `body` in place of the parsed one), not yet sent. */
export async function askBetterAuth(auth: Auth, request: FastifyRequest, body: unknown = request.body): Promise<Response> {
  // Better Auth's own address (PUBLIC_URL), not the request's Host: nothing it builds follows a Host.
  const url = new URL(request.url, auth.options.baseURL as string);
  const headers = fromNodeHeaders(request.headers);
  headers.delete('content-length');
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  if (hasBody) headers.set('content-type', 'application/json');
  return auth.handler(new Request(url, { method: request.method, headers, body: hasBody ? JSON.stringify(body ?? {}) : undefined }));
}

/** Sends Better Auth's answer through Fastify, rewritten as forwardToBetterAuth says. */
export async function sendBetterAuthAnswer(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  // Its failure, not the caller's: the error handler answers the generic 500 and logs it at error.
  if (response.status >= 500) throw new Error(`Better Auth answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  reply.code(response.status);
  for (const [name, value] of response.headers) {
    if (!HOP_HEADERS.has(name)) reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  reply.header('cache-control', 'no-store');

  const text = await response.text();
  if (!(response.headers.get('content-type') ?? '').includes('application/json') || text === '') {
    return reply.send(text);
  }
  const json: unknown = JSON.parse(text);
  if (response.status >= 400) {
    const error = toApiError(response.status, json);
    return reply.code(error.statusCode).send(error);
  }
  return reply.send(withoutSessionToken(json));
}

function toApiError(status: number, json: unknown): ApiError {
  const body = (json ?? {}) as { code?: string; message?: string };
  const code = body.code ?? 'AUTH_ERROR';
  if (status === 422 && code.includes('ALREADY_EXISTS')) {
    return { statusCode: 409, code, message: 'An account with this e-mail already exists. Log in instead.' };
  }
  return { statusCode: status, code, message: body.message || 'The request could not be completed' };
}

function withoutSessionToken(json: unknown): unknown {
  if (!json || typeof json !== 'object') return json;
  const copy = { ...(json as Record<string, unknown>) };
  delete copy.token;
  if (copy.session && typeof copy.session === 'object') {
    const session = { ...(copy.session as Record<string, unknown>) };
    delete session.token;
    copy.session = session;
  }
  return copy;
}
