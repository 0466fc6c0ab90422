import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { isTimeZone } from '../shared/shop-time.ts';

/** The machine's own zone, when SHOP_TIME_ZONE is not set. */
function systemTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * The process's soft limit of open files (Linux: /proc/self/limits), or undefined where it cannot
 * be read. Every connection holds one; past the limit no new socket, /healthz's included, is accepted.
 */
function openFilesLimit(): number | undefined {
  try {
    const line = /^Max open files\s+(\d+)/m.exec(fs.readFileSync('/proc/self/limits', 'utf8'));
    return line ? Number(line[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** Files kept for the rest of the process (database, listening socket, logs, pictures being read) beside its connections. */
const RESERVED_FILES = 256;

/**
 * Every setting of the server, read once from the environment at start. A bad value stops the
 * start with the list of what is wrong (see .env.example for each variable).
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  /**
   * Public URL of the shop: every link in a mail, the pages' own address, OpenID Connect redirects
   * and the trusted origin. Never taken from a request's Host. Unset: the address the shop listens
   * on (http://localhost:3000), allowed only while no mail can reach an inbox (see below).
   */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Which requests write their line at `info`: `all`, or `errors` (answers of status 400 and up;
   * every 5xx is logged at `error` whatever this says). Unset: `errors` in production, where a line
   * per request cost a tenth of a busy shop's time (docs/performance.md), `all` elsewhere.
   */
  LOG_REQUESTS: z.enum(['all', 'errors']).optional(),
  /** Readable log lines (pino-pretty) instead of JSON; unset: when stdout is a terminal. Never in production. */
  LOG_PRETTY: z
    .enum(['1', '0', 'true', 'false'])
    .transform((v) => v === '1' || v === 'true')
    .optional(),
  /** Turns on GET /metrics (Prometheus), answered only with `Authorization: Bearer <this token>`. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** On SIGTERM / SIGINT: how long requests in flight may take to finish before their connections are cut. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** Create the demo menu and reviews on the first start of an empty database. */
  SEED_DEMO_DATA: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /**
   * Create the first administrator (admin@rawroots.demo, a generated password shown once) on a shop
   * without one, with or without the demo data. Unset: everywhere but in production, where an
   * account nobody chose is a way in; `npm run admin:create` makes the real one there.
   */
  SEED_DEMO_ADMIN: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  /** Trust X-Forwarded-* headers (set when the shop runs behind a load balancer or proxy). */
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Largest JSON body of the menu's item routes, in bytes; every other route takes a few KB (http/body-limits.ts). */
  BODY_LIMIT: z.coerce.number().int().positive().default(1_048_576),
  /** A request (headers and body) must arrive whole within this many milliseconds, or its connection is closed. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).default(30_000),

  /**
   * Secret that signs session cookies and access tokens (at least 32 characters). Unset: one is
   * generated on the first start and kept in the database, so every process shares it.
   */
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Social sign-in through OpenID Connect; the button is shown only when a client id is set. */
  OIDC_ISSUER: z.url().default('https://accounts.google.com'),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  /** The provider's name on the social sign-in button ('Continue with Google'). */
  OIDC_PROVIDER_NAME: z.string().min(1).max(40).default('Google'),
  /** Rate limits per client address and minute (see docs/accounts.md). */
  RATE_LIMIT_SIGN_IN: z.coerce.number().int().positive().default(20),
  RATE_LIMIT_SIGN_UP: z.coerce.number().int().positive().default(20),
  RATE_LIMIT_CAPTCHA: z.coerce.number().int().positive().default(60),
  RATE_LIMIT_TOKEN: z.coerce.number().int().positive().default(60),
  /** Changing the password checks the current one: per address and per session. */
  RATE_LIMIT_PASSWORD: z.coerce.number().int().positive().default(10),
  /**
   * Sign-in per account (docs/decisions/0043-sign-in-limits.md): failures in a row, from any
   * addresses, before the account waits; the wait then doubles from 15 s up to this many seconds.
   */
  SIGN_IN_FREE_FAILURES: z.coerce.number().int().positive().default(5),
  SIGN_IN_BACKOFF_MAX_SECONDS: z.coerce.number().int().positive().max(3600).default(300),

  /** Card payments: `sandbox` (test mode inside the shop) or `stripe` (see docs/decisions/0009-cart-and-payments.md). */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_…)').optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_/, 'must be a Stripe publishable key (pk_…)').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_/, 'must be a Stripe webhook signing secret (whsec_…)').optional(),
  /** Another address for the Stripe API (a local stand-in for tests); unset: Stripe's own. */
  STRIPE_API_URL: z.url().optional(),
  /**
   * How often the shop asks the provider about intents that might have taken money it never
   * recorded (a missed webhook), in milliseconds; 0 turns it off (the check at start-up still
   * runs). Unset: every 5 minutes, and off when NODE_ENV=test.
   */
  PAYMENT_CHECK_INTERVAL_MS: z.coerce.number().int().min(0).max(86_400_000).optional(),
  /** How long a kitchen printer has to take a ticket (connect and send) before the attempt counts as failed, in ms. */
  PRINTER_TIMEOUT_MS: z.coerce.number().int().min(10).max(60_000).default(5_000),
  /** A ticket a printer did not take is tried again after this many ms, twice, each wait twice as long. */
  PRINTER_RETRY_MS: z.coerce.number().int().min(10).max(600_000).default(10_000),
  /** The first new attempt at a refund the provider did not answer comes after this many ms; each next one waits twice as long (at most an hour). */
  REFUND_RETRY_MS: z.coerce.number().int().min(10).max(3_600_000).default(30_000),
  /** How often the refund worker looks for requests due (left by a process that died, or retries), in ms. */
  REFUND_POLL_MS: z.coerce.number().int().min(10).max(600_000).default(15_000),
  /**
   * A refund claimed this long ago without an answer belongs to a process that died mid-call: it
   * is asked again, under the same idempotency key. Longer than the provider's slowest answer
   * (Stripe's client gives up after 20 s, three times).
   */
  REFUND_CLAIM_LEASE_MS: z.coerce.number().int().min(100).max(3_600_000).default(120_000),
  /**
   * The restaurant's time zone (an IANA name such as Europe/Berlin): its days for the order board,
   * pickup times and statistics. Unset: the machine's own zone.
   */
  SHOP_TIME_ZONE: z
    .string()
    .default(systemTimeZone)
    .refine(isTimeZone, 'must be an IANA time zone such as Europe/Berlin or UTC'),
  /** Comment line sent on each open order stream this often, so proxies keep it open. */
  SSE_HEARTBEAT_MS: z.coerce.number().int().min(50).max(300_000).default(15_000),
  /**
   * Connections the server accepts at once (Node's server.maxConnections); past it a new socket is
   * closed at once. Unset: the open-files limit less RESERVED_FILES, so the process never runs out of them.
   */
  MAX_CONNECTIONS: z.coerce.number().int().min(16).optional(),
  /** Event streams (menu and orders together) one process keeps open; unset: three quarters of MAX_CONNECTIONS, the rest for other requests. */
  STREAMS_MAX: z.coerce.number().int().min(2).optional(),
  /** Open menu streams per client address (an IPv6 /64 counts as one address). */
  MENU_STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  /** Open order streams per client address, per account and per session. */
  ORDER_STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  ORDER_STREAMS_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  ORDER_STREAMS_PER_SESSION: z.coerce.number().int().min(1).default(5),
  /** An event stream is ended after at most this long (the browser reconnects at once), so no client holds one for ever. */
  STREAM_MAX_LIFETIME_MS: z.coerce.number().int().min(100).max(86_400_000).default(1_800_000),

  /**
   * Mail (docs/decisions/0020-mail-and-accounts.md): smtp://user:password@host:587 or smtps://…
   * Unset: each mail is written to DATA_DIR/outbox/ as an .eml file and its links are logged.
   */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/]/, 'must be an smtp:// or smtps:// URL')
    .optional(),
  /** The sender of the shop's mails: an address, or "Name <address>". */
  MAIL_FROM: z.string().min(3).max(200).default('Raw Roots <no-reply@localhost>'),
  /** No mail at all (no reset links, no receipts): a production shop without a mail server says so on purpose. */
  MAIL_DISABLED: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** The first retry of a mail the server refused comes after this many ms; each next one waits twice as long (at most an hour). */
  MAIL_RETRY_MS: z.coerce.number().int().min(10).max(3_600_000).default(30_000),
  /** How often the queue is looked at for mails queued by other processes and retries due, in ms. */
  MAIL_POLL_MS: z.coerce.number().int().min(10).max(600_000).default(5_000),
  /** Paying waits until the customer has confirmed their e-mail address. */
  REQUIRE_EMAIL_VERIFICATION: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Requests that send a link by mail (password reset, verification again, e-mail change) per client address and minute… */
  RATE_LIMIT_MAIL: z.coerce.number().int().positive().default(10),
  /**
   * …and per e-mail address and hour: for a reset, per e-mail address and client address, so
   * strangers cannot use up the owner's share (docs/decisions/0043-sign-in-limits.md).
   */
  RATE_LIMIT_MAIL_PER_RECIPIENT: z.coerce.number().int().positive().default(5),
  /** At most one reset mail per address this often; more requests get the same answer and no mail. */
  RESET_MAIL_GAP_SECONDS: z.coerce.number().int().positive().max(3600).default(300),

  /** The sandbox takes no money: a production shop must say on purpose that it wants it. */
  ALLOW_SANDBOX_IN_PRODUCTION: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
}).superRefine((env, ctx) => {
  if (env.NODE_ENV === 'production' && !env.MAIL_DISABLED) {
    // A shop in production whose mails only land in a folder would tell customers "we sent you a link" and send none.
    if (!env.SMTP_URL) ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'required in production (or set MAIL_DISABLED=true to run without mail)' });
  }
  // A real mail's links must point at the shop's public address, whatever Host a request named;
  // the listening address (the default) is only good for the outbox folder of development.
  if (!env.PUBLIC_URL && !env.MAIL_DISABLED && (env.SMTP_URL || env.NODE_ENV === 'production')) {
    ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'required when mail is sent (SMTP_URL, or production without MAIL_DISABLED=true): the links in mails need the shop\'s address' });
  }
  if (env.PAYMENT_PROVIDER === 'stripe') {
    for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
      if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'required when PAYMENT_PROVIDER=stripe' });
    }
  }
  if (env.PAYMENT_PROVIDER === 'sandbox' && env.NODE_ENV === 'production' && !env.ALLOW_SANDBOX_IN_PRODUCTION) {
    ctx.addIssue({
      code: 'custom',
      path: ['PAYMENT_PROVIDER'],
      message: 'the sandbox takes no real money: set PAYMENT_PROVIDER=stripe, or ALLOW_SANDBOX_IN_PRODUCTION=true for a demo',
    });
  }
});

export type Config = Omit<z.infer<typeof envSchema>, 'PAYMENT_CHECK_INTERVAL_MS' | 'LOG_REQUESTS' | 'PUBLIC_URL' | 'SEED_DEMO_ADMIN' | 'MAX_CONNECTIONS' | 'STREAMS_MAX'> & {
  SEED_DEMO_ADMIN: boolean;
  dataDir: string;
  /** PUBLIC_URL, or the listening address when it is not set: always there. */
  PUBLIC_URL: string;
  /** PUBLIC_URL's origin (scheme, host, port): the only address links and pages are built from. */
  publicOrigin: string;
  /** Whether PUBLIC_URL was set, rather than made from HOST and PORT. */
  publicUrlGiven: boolean;
  PAYMENT_CHECK_INTERVAL_MS: number;
  LOG_REQUESTS: 'all' | 'errors';
  MAX_CONNECTIONS: number;
  STREAMS_MAX: number;
};

/** The periodic payment check's default: every 5 minutes, off in tests (which set it when they want it). */
const PAYMENT_CHECK_DEFAULT_MS = 5 * 60_000;

/** The address `npm start` is reached at: a wildcard HOST (every interface) is named localhost. */
export function listeningAddress(host: string, port: number): string {
  const name = ['0.0.0.0', '::', ''].includes(host) ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/**
 * PUBLIC_URL's origin; when it was not set (a local start), also the listening port's other loopback
 * names, so http://127.0.0.1:3000 signs in as well as http://localhost:3000.
 */
export function trustedOrigins(config: Pick<Config, 'publicOrigin' | 'publicUrlGiven' | 'PORT'>): string[] {
  if (config.publicUrlGiven) return [config.publicOrigin];
  const loopback = ['localhost', '127.0.0.1', '[::1]'].map((name) => `http://${name}:${config.PORT}`);
  return [...new Set([config.publicOrigin, ...loopback])];
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const publicUrl = parsed.data.PUBLIC_URL ?? listeningAddress(parsed.data.HOST, parsed.data.PORT);
  const connections = connectionLimits(parsed.data);
  return {
    ...parsed.data,
    ...connections,
    PUBLIC_URL: publicUrl,
    SEED_DEMO_ADMIN: parsed.data.SEED_DEMO_ADMIN ?? parsed.data.NODE_ENV !== 'production',
    publicOrigin: new URL(publicUrl).origin,
    publicUrlGiven: parsed.data.PUBLIC_URL !== undefined,
    dataDir: path.resolve(parsed.data.DATA_DIR),
    PAYMENT_CHECK_INTERVAL_MS: parsed.data.PAYMENT_CHECK_INTERVAL_MS ?? (parsed.data.NODE_ENV === 'test' ? 0 : PAYMENT_CHECK_DEFAULT_MS),
    LOG_REQUESTS: parsed.data.LOG_REQUESTS ?? (parsed.data.NODE_ENV === 'production' ? 'errors' : 'all'),
  };
}

/**
 * MAX_CONNECTIONS and STREAMS_MAX with their defaults, checked together: the streams must leave
 * connections for other requests (/healthz among them), and no one address may take every stream.
 */
function connectionLimits(env: z.infer<typeof envSchema>): { MAX_CONNECTIONS: number; STREAMS_MAX: number } {
  const files = openFilesLimit();
  const maxConnections = env.MAX_CONNECTIONS ?? Math.max(64, (files ?? 1024) - RESERVED_FILES);
  const streamsMax = env.STREAMS_MAX ?? Math.floor((maxConnections * 3) / 4);
  const problems: string[] = [];
  if (env.MAX_CONNECTIONS !== undefined && files !== undefined && maxConnections > files - RESERVED_FILES) {
    problems.push(`  MAX_CONNECTIONS: must leave ${RESERVED_FILES} of the ${files} open files the process may have for its database and files`);
  }
  if (streamsMax >= maxConnections) problems.push(`  STREAMS_MAX: must be below MAX_CONNECTIONS (${maxConnections}), so other requests still get in`);
  for (const name of ['MENU_STREAMS_PER_ADDRESS', 'ORDER_STREAMS_PER_ADDRESS'] as const) {
    if (env[name] >= streamsMax) problems.push(`  ${name}: must be below STREAMS_MAX (${streamsMax}), so one address cannot take every stream`);
  }
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  return { MAX_CONNECTIONS: maxConnections, STREAMS_MAX: streamsMax };
}
