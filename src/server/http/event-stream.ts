import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SecurityHeaders } from './security-headers.ts';

/**
 * Takes a request over as a Server-Sent Events stream (the order and menu streams): the reply is
 * hijacked, its head written with the security headers and the request's id that every answer
 * carries (Fastify's own writer is bypassed here), and the socket never times out. Answers the
 * raw response to write frames to.
 */
export function startEventStream(request: FastifyRequest, reply: FastifyReply, securityHeaders: SecurityHeaders): ServerResponse {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    ...Object.fromEntries(securityHeaders),
    ...(reply.getHeaders() as Record<string, string>),
    'x-request-id': request.id,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    // nginx and similar proxies would hold the frames back to fill a buffer.
    'x-accel-buffering': 'no',
  });
  request.raw.socket.setTimeout(0);
  return raw;
}
