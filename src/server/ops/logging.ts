import { randomBytes } from 'node:crypto';
import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';
import { failureOf } from '../http/errors.ts';

/**
 * Credentials, client secrets and card fields never reach a log line. The request line logs no
 * headers or body anyway; these cover other logged objects (an error's request, Better Auth's
 * arguments). pino paths: one `*` is one level of any object.
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
  'payment_intent_client_secret',
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

/**
 * Query parameters whose values are left out of the logged URL: any whose name holds one of these
 * words, wherever (mailed links' `token`, Stripe's `payment_intent_client_secret`, OAuth's `code`).
 */
const SECRET_QUERY = /([?&][^=&#]*(?:token|code|secret|password|key|state|signature)[^=&#]*=)[^&#]*/gi;

export function loggedUrl(url: string): string {
  return url.includes('?') ? url.replace(SECRET_QUERY, '$1[redacted]') : url;
}

/** Pretty lines for a person at a terminal in development; JSON (one object a line) otherwise. */
export function wantsPrettyLogs(config: Pick<Config, 'NODE_ENV' | 'LOG_PRETTY'>, stdoutIsTty = Boolean(process.stdout.isTTY)): boolean {
  if (config.NODE_ENV === 'production') return false;
  return config.LOG_PRETTY ?? stdoutIsTty;
}

/**
 * One line per request instead of Fastify's two. A failed request is logged at `error` with its
 * error (http/errors.ts leaves it for this line); 4xx at `info`; successes only with
 * LOG_REQUESTS=all, since a line per request is costly on a busy shop (decision 0029).
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

/** A random per-process prefix and a counter: unique across processes without a random draw per request. */
function requestIds(): () => string {
  const prefix = randomBytes(4).toString('hex');
  let next = 0;
  return () => `${prefix}-${(++next).toString(36)}`;
}

/** x-request-id on every answer, so a person reporting a problem can name the log line. */
export function registerRequestIdHeader(app: FastifyInstance): void {
  // Hijacked answers (snapshot-answer.ts, event-stream.ts) write it themselves.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });
}
