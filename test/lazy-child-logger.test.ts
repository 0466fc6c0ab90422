import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { registerErrorHandler } from '../src/server/http/errors.ts';
import { lazyChildLoggerFactory } from '../src/server/http/lazy-child-logger.ts';
import { loadConfig } from '../src/server/config.ts';
import { loggingOptions } from '../src/server/ops/logging.ts';

/**
 * A Fastify app logging at `level` into memory, with the shop's child logger factory and error
 * handler (and, with `shopLines`, the shop's one line per request: src/server/ops/logging.ts).
 */
function appLoggingInto(level: string, shopLines = false) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const logController = shopLines ? loggingOptions(loadConfig({ NODE_ENV: 'test' })).logController : undefined;
  const app = Fastify({ logger: { level, stream }, childLoggerFactory: lazyChildLoggerFactory, ...(logController ? { logController } : {}) });
  registerErrorHandler(app);
  app.get('/quiet', async (request) => {
    request.log.info('an info line');
    return { ok: true };
  });
  app.get('/fails', async () => {
    throw new Error('database went away');
  });
  return { app, lines };
}

describe('the per-request logger', () => {
  it('makes no child logger for a request that writes no line at the configured level', async () => {
    const { app, lines } = appLoggingInto('warn');
    await app.ready();
    const child = vi.spyOn(app.log, 'child');
    const res = await app.inject({ method: 'GET', url: '/quiet' });
    expect(res.statusCode).toBe(200);
    expect(child).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
    await app.close();
  });

  it('logs a 5xx with its request id, its URL, its status and the error, as a child logger would: one line', async () => {
    const { app, lines } = appLoggingInto('warn', true);
    const res = await app.inject({ method: 'GET', url: '/fails' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).not.toHaveProperty('stack');
    expect(lines).toHaveLength(1);
    const failed = lines[0];
    expect(failed).toMatchObject({ level: 50, reqId: expect.stringMatching(/^req-/), url: '/fails', method: 'GET', statusCode: 500, msg: expect.stringMatching(/^GET \/fails 500 [\d.]+ ms: request failed$/) });
    expect(JSON.stringify(failed)).toContain('database went away');
    await app.close();
  });

  it('writes the access lines with the request id when the level is info', async () => {
    const { app, lines } = appLoggingInto('info');
    await app.inject({ method: 'GET', url: '/quiet' });
    const reqIds = new Set(lines.filter((line) => ['incoming request', 'an info line', 'request completed'].includes(String(line.msg))).map((line) => line.reqId));
    expect(lines.map((line) => line.msg)).toEqual(expect.arrayContaining(['incoming request', 'an info line', 'request completed']));
    expect(reqIds.size).toBe(1);
    expect([...reqIds][0]).toMatch(/^req-/);
    await app.close();
  });

  it('gives routes with their own log level the ordinary child', async () => {
    const { app, lines } = appLoggingInto('warn');
    app.get('/chatty', { logLevel: 'info' }, async (request) => {
      request.log.info('said at info');
      return {};
    });
    await app.inject({ method: 'GET', url: '/chatty' });
    expect(lines.some((line) => line.msg === 'said at info' && typeof line.reqId === 'string')).toBe(true);
    await app.close();
  });
});
