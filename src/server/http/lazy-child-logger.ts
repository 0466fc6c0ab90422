import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

type ChildLoggerFactory = NonNullable<FastifyServerOptions['childLoggerFactory']>;
type Bindings = Parameters<ChildLoggerFactory>[1];
type ChildLoggerOptions = Parameters<ChildLoggerFactory>[2];

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/** The root logger as Fastify builds it (pino): the child of a request asks it what is enabled. */
type ParentLogger = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };

/**
 * Most requests log nothing, yet making Fastify's per-request child logger is a measurable share
 * of a cheap read; this one is made on the first enabled line, with the same bindings (request id
 * included). Routes with their own log level or serializers get the ordinary child.
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
