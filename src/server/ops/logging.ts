import { randomBytes } from 'node:crypto';
import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';
import { failureOf } from '../http/errors.ts';

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
 * gone: method, URL (secret query values left out), status, time, and the request id the logger
 * binds. A failed request (a 5xx from an error) is that line at `error`, with its error (the error
 * handler leaves it for this line: http/errors.ts), whatever LOG_REQUESTS says; any other answer
 * of status 400 and up at `info`; any other answer at `info` only
 * with LOG_REQUESTS=all (decision 0029: in production a line for every request cost a tenth of a
 * busy shop's time). Its message says the same in words, for the pretty lines. Nothing is built
 * when the line's level is off.
 */
class OneLinePerRequest extends LogController {
  private readonly everyRequest: boolean;

  constructor(everyRequest: boolean) {
    super();
    this.everyRequest = everyRequest;
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const statusCode = reply.statusCode;
    const failure = error ?? (statusCode >= 500 ? failureOf(request) : undefined);
    // A 5xx a route answers on purpose (a 503 from /readyz while draining) is an error status, not a failure.
    if (failure !== undefined) {
      const url = loggedUrl(request.url);
      const ms = rounded(reply.elapsedTime);
      reply.log.error({ err: failure, method: request.method, url, statusCode, ms }, `${request.method} ${url} ${statusCode} ${ms} ms: request failed`);
      return;
    }
    if ((statusCode < 400 && !this.everyRequest) || (LEVELS[reply.log.level] ?? 0) > LEVELS.info!) return;
    const url = loggedUrl(request.url);
    const ms = rounded(reply.elapsedTime);
    reply.log.info({ method: request.method, url, statusCode, ms }, `${request.method} ${url} ${statusCode} ${ms} ms`);
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
    logController: new OneLinePerRequest(config.LOG_REQUESTS === 'all'),
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
 * the log line.
 */
export function registerRequestIdHeader(app: FastifyInstance): void {
  // Hijacked answers (snapshot-answer.ts, event-stream.ts) write it themselves.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });
}
