import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SecurityHeaders } from './security-headers.ts';

/**
 * Hijacks the reply for Server-Sent Events. Fastify's writer is bypassed, so the security headers
 * and request id are written here; the socket never times out.
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
