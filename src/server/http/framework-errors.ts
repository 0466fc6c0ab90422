import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiError } from '../../shared/errors.ts';
import { headersLanguage } from '../i18n/request-language.ts';
import { inLanguage } from '../i18n/wording.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The methods some route answers at this path (HEAD with GET), for a 405's Allow; empty when none does. */
    allowedMethods(pathname: string): string[];
  }
}

/** The framework's own refusals, before any route: status and the shop's code for each. */
const FRAMEWORK_REFUSALS: Readonly<Record<string, { statusCode: number; code: string; message: string }>> = {
  FST_ERR_BAD_URL: { statusCode: 400, code: 'BAD_URL', message: 'The address is not a valid URL (a bad %-escape)' },
  FST_ERR_MAX_PARAM_LENGTH: { statusCode: 414, code: 'URI_TOO_LONG', message: 'A part of the address is too long' },
};

/**
 * Fastify's `frameworkErrors`: a bad URL or a too long parameter answers the API's error shape
 * (src/shared/errors.ts) instead of Fastify's own, with its status. A stranger can send either,
 * so neither is logged above info (the request's one line says the status).
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const known = FRAMEWORK_REFUSALS[error.code];
  const body: ApiError = known ?? { statusCode: 500, code: 'INTERNAL_ERROR', message: 'Something went wrong on our side. Please try again.' };
  // The address did not parse, so its ?lang is not read: the cookie or Accept-Language says the language.
  const language = headersLanguage(request.headers.cookie, request.headers['accept-language']);
  void reply.code(body.statusCode).send({ ...body, message: inLanguage(body.message, language) });
}

/**
 * Fastify's `clientErrorHandler`: what Node's parser refuses before there is a request (headers
 * too large, a malformed request line) answers the API's error shape, logged at trace as
 * Fastify's own handler does, since anyone can send it.
 */
export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [statusCode, code, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'REQUEST_TIMEOUT', 'The request took too long to arrive']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'HEADERS_TOO_LARGE', "The request's headers are too large"]
        : error.code === 'HPE_URI_TOO_LONG'
          ? [414, 'URI_TOO_LONG', 'The address is too long']
          : [400, 'BAD_REQUEST', 'The request is malformed'];
  this.log.trace({ err: error }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify({ statusCode, code, message } satisfies ApiError);
    socket.write(
      `HTTP/1.1 ${statusCode} ${http.STATUS_CODES[statusCode]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** A route's URL as a pattern of whole paths: `:id` one segment (any length), `*` the rest. */
function patternOf(url: string): RegExp {
  const source = url
    .split('/')
    .map((segment) => (segment === '*' ? '.*' : segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\*$/, '.*')))
    .join('/');
  return new RegExp(`^${source}$`);
}

/**
 * Collects every route's methods by path pattern (onRoute, so register before the routes), for
 * the not-found answer to tell a wrong method (405 with Allow) from an unknown path (404).
 */
export function registerAllowedMethods(app: FastifyInstance): void {
  const routes: Array<{ pattern: RegExp; methods: string[] }> = [];
  app.addHook('onRoute', (route) => {
    routes.push({ pattern: patternOf(route.url), methods: [route.method].flat() });
  });
  app.decorate('allowedMethods', (pathname: string) => {
    const allowed = new Set<string>();
    for (const route of routes) if (route.pattern.test(pathname)) for (const method of route.methods) allowed.add(method);
    return [...allowed].sort();
  });
}
