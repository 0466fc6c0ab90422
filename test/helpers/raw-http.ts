import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/**
 * An answer as it went over the wire: status, headers in the order sent (lower-case names, without
 * those node adds per connection), body. The public reads, written on node's response from their
 * snapshots, are compared this way with what `app.inject` sees.
 */
export interface RawAnswer {
  status: number;
  headers: [string, string][];
  body: Buffer;
}

const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** A request over a real connection to `base` (the app listening), without its `x-request-id`. */
export function rawRequest(base: string, path: string, headers: Record<string, string> = {}, method = 'GET', body?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .request(`${base}${path}`, { method, headers, agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const pairs: [string, string][] = [];
          for (let i = 0; i < response.rawHeaders.length; i += 2) {
            const name = response.rawHeaders[i]!.toLowerCase();
            if (!PER_CONNECTION.has(name) && name !== 'x-request-id') pairs.push([name, response.rawHeaders[i + 1]!]);
          }
          resolve({ status: response.statusCode!, headers: pairs, body: Buffer.concat(chunks) });
        });
      })
      .on('error', reject)
      .end(body);
  });
}

/** The same request through `app.inject`, without its `x-request-id` (each request has its own). */
export async function throughFastify(app: FastifyInstance, path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  const res = await app.inject({ method: 'GET', url: path, headers });
  expect(res.headers['x-request-id']).toEqual(expect.any(String));
  const pairs: [string, string][] = [];
  for (const [name, value] of Object.entries(res.headers)) if (!PER_CONNECTION.has(name) && name !== 'x-request-id') pairs.push([name, String(value)]);
  return { status: res.statusCode, headers: pairs, body: res.rawPayload };
}

/** Listens on a free port of the loopback: the app's base URL. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
}
