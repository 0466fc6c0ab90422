import { randomBytes } from 'node:crypto';
import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';

/**
 * What never reaches a log line, wherever it sits in a logged object: credentials (headers, cookies,
 * passwords, tokens), the card provider's client secrets, card fields. Paths are pino's
 * (one `*` is one level of any object). The request line below logs no headers and no body at
 * all; these cover the objects other lines log (an error's request, Better Auth's arguments).
 */
const SECRET_KEYS = [
  'authorization',
  'cookie',
  'set-cookie',
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'accessToken',
  'refreshToken',
  'idToken',
  'access_token',
  'refresh_token',
  'id_token',
  'secret',
  'clientSecret',
  'client_secret',
  'card',
  'cvc',
  'captchaAnswer',
];
const REDACT_PATHS = [
  ...SECRET_KEYS.map((key) => `["${key}"]`),
  ...SECRET_KEYS.map((key) => `*["${key}"]`),
  ...SECRET_KEYS.map((key) => `*.*["${key}"]`),
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'args[*].body',
  'args[*].headers',
];

/** Query parameters whose values are left out of the logged URL (mailed links carry their token in it). */
const SECRET_QUERY = /([?&](?:token|code|secret|client_secret|password|key|state)[^=&]*=)[^&]*/gi;

/** The URL as logged: the path, and the query with secret values left out. */
export function loggedUrl(url: string): string {
  return url.includes('?') ? url.replace(SECRET_QUERY, '$1[redacted]') : url;
}

/** Pretty lines for a person at a terminal in development; JSON (one object a line) otherwise. */
export function wantsPrettyLogs(config: Pick<Config, 'NODE_ENV' | 'LOG_PRETTY'>, stdoutIsTty = Boolean(process.stdout.isTTY)): boolean {
  if (config.NODE_ENV === 'production') return false;
  return config.LOG_PRETTY ?? stdoutIsTty;
}

/**
 * Fastify's two lines per request (incoming, completed) become one, written when the answer has
 * gone: method, URL (secret query values left out), status, time. Its message says the same in
 * words, for the pretty lines. Nothing is built when `info` is off.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      reply.log.error({ err: error, method: request.method, url: loggedUrl(request.url), statusCode: reply.statusCode, ms: rounded(reply.elapsedTime) }, 'request failed');
      return;
    }
    if ((LEVELS[reply.log.level] ?? 0) > LEVELS.info!) return;
    const url = loggedUrl(request.url);
    const ms = rounded(reply.elapsedTime);
    reply.log.info({ method: request.method, url, statusCode: reply.statusCode, ms }, `${request.method} ${url} ${reply.statusCode} ${ms} ms`);
  }
}

const rounded = (ms: number) => Math.round(ms * 10) / 10;
/** pino's level numbers: the request's logger (made lazily, http/lazy-child-logger.ts) tells only its level's name. */
const LEVELS: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity };

/** Fastify's logger and request-id options for this configuration. */
export function loggingOptions(config: Config): Pick<FastifyServerOptions, 'logger' | 'genReqId' | 'requestIdHeader' | 'logController'> {
  return {
    logger: {
      level: config.LOG_LEVEL,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      ...(wantsPrettyLogs(config)
        ? // The request line's message says it all: its fields are left to the JSON lines.
          { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname,method,url,statusCode,ms', singleLine: true } } }
        : {}),
    },
    // A proxy in front (TRUST_PROXY) may hand its own id on, so one id follows the request through both logs.
    requestIdHeader: config.TRUST_PROXY ? 'x-request-id' : false,
    genReqId: requestIds(),
    logController: new OneLinePerRequest(),
  };
}

/**
 * Ids unique across processes and restarts without a random draw per request: this process's
 * random prefix and a counter.
 */
function requestIds(): () => string {
  const prefix = randomBytes(4).toString('hex');
  let next = 0;
  return () => `${prefix}-${(++next).toString(36)}`;
}

/**
 * Each answer carries its request's id (x-request-id), so a person reporting a problem can name
 * the log line (the menu answered before Fastify, decision 0014, has no id and writes no line).
 */
export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
}
