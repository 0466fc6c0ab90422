import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

type ChildLoggerFactory = NonNullable<FastifyServerOptions['childLoggerFactory']>;
type Bindings = Parameters<ChildLoggerFactory>[1];
type ChildLoggerOptions = Parameters<ChildLoggerFactory>[2];

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/** The root logger as Fastify builds it (pino): the child of a request asks it what is enabled. */
type ParentLogger = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };

/**
 * Fastify gives every request its own child logger, bound to the request id. Most requests write
 * no line at the configured level (the shop runs at `warn` or above in production), yet making
 * the child cost more than a microsecond of each `GET /api/items` (docs/performance.md). This
 * child is made the first time a line at an enabled level is written, with the same bindings and
 * options, so every line still carries its request id. Routes with their own log level or
 * serializers get the ordinary child.
 */
export const lazyChildLoggerFactory: ChildLoggerFactory = function (logger, bindings, options) {
  const parent = logger as ParentLogger;
  if (options.level !== undefined || options.serializers !== undefined || typeof parent.isLevelEnabled !== 'function') {
    return logger.child(bindings, options);
  }
  return new LazyChildLogger(parent, bindings, options);
};

class LazyChildLogger implements FastifyBaseLogger {
  private readonly parent: ParentLogger;
  private readonly bindings: Bindings;
  private readonly options: ChildLoggerOptions;
  private made: FastifyBaseLogger | undefined;

  constructor(parent: ParentLogger, bindings: Bindings, options: ChildLoggerOptions) {
    this.parent = parent;
    this.bindings = bindings;
    this.options = options;
    this.made = undefined;
  }

  get level(): string {
    return this.made ? this.made.level : this.parent.level;
  }

  set level(level: string) {
    this.real().level = level;
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real().child(bindings, options);
  }

  private write(level: Level, args: unknown[]): void {
    if (this.made === undefined && !this.parent.isLevelEnabled(level)) return;
    (this.real()[level] as (...line: unknown[]) => void)(...args);
  }

  private real(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.options));
  }
}
