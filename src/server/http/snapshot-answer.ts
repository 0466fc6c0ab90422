import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { promisify } from 'node:util';
import { gzip, gzipSync } from 'node:zlib';
import type { z } from 'zod';
import type { SecurityHeaders } from './security-headers.ts';

const gzipAsync = promisify(gzip);

declare module 'fastify' {
  interface FastifyReply {
    /** Sends a prebuilt snapshot (its gzipped bytes, ETag and 304) straight on Node's response. */
    sendSnapshot(bytes: SnapshotBytes): void;
  }
}

/** The one writer of snapshots, decorated as `app.answers`, and `reply.sendSnapshot` for routes. */
export function registerSnapshotAnswers(app: FastifyInstance, securityHeaders: SecurityHeaders): SnapshotAnswers {
  const answers = new SnapshotAnswers(securityHeaders);
  app.decorate('answers', answers);
  app.decorateReply('sendSnapshot', function (this: FastifyReply, bytes: SnapshotBytes) {
    this.hijack();
    answers.write(this.request.raw, this.raw, bytes, this.request.id);
  });
  return answers;
}

/**
 * Bodies under this are sent as they are, never gzipped: the threshold of @fastify/compress in
 * app.ts, so an answer written here is compressed exactly when the framework's would be.
 */
export const GZIP_THRESHOLD = 1024;

/** One public answer built once per change of what it shows: its JSON, gzipped once, and its strong ETag. */
export interface SnapshotBytes {
  body: Buffer;
  /**
   * The same bytes gzipped once per change (compressing the whole menu on each request cost most
   * of the route's time with a large menu: docs/performance.md, growth); undefined under
   * GZIP_THRESHOLD, where the body is sent as it is.
   */
  gzipped: Buffer | undefined;
  etag: string;
  /** One customer's own answer (kept-answers.ts): no shared cache may keep it. */
  private?: true;
  /** In the reader's language (the menu's answers): it varies with Accept-Language and the language cookie. */
  perLanguage?: true;
}

const etagOf = (body: Buffer) => `"${createHash('sha1').update(body).digest('base64url')}"`;

interface BytesOptions {
  /**
   * The route's response schema: the value is serialised as fastify-type-provider-zod serialises
   * it (parsed with the schema, which orders and strips the keys, then JSON.stringify), so the
   * bytes are those the route sent before it was answered from a snapshot.
   */
  schema?: z.ZodType;
  /** Gzipped from this size on (the menu's answers always are, as they always were). */
  gzipFrom?: number;
  /** One customer's own answer: sent with `cache-control: private, no-cache`. */
  private?: boolean;
  /** Chosen by the request's language (src/server/i18n/request-language.ts): `Vary` says so. */
  perLanguage?: boolean;
}

const bodyOf = (value: unknown, schema: z.ZodType | undefined) => Buffer.from(JSON.stringify(schema ? schema.parse(value) : value));

/** The answer of `value`, gzipped in libuv's pool. */
export async function snapshotBytes(value: unknown, { schema, gzipFrom = GZIP_THRESHOLD, private: own, perLanguage }: BytesOptions = {}): Promise<SnapshotBytes> {
  const body = bodyOf(value, schema);
  const bytes: SnapshotBytes = { body, gzipped: body.length < gzipFrom ? undefined : await gzipAsync(body, { level: 9 }), etag: etagOf(body) };
  if (own) bytes.private = true;
  if (perLanguage) bytes.perLanguage = true;
  return bytes;
}

/** The same, built at once: a small answer made on its first request (one dish). */
export function snapshotBytesNow(value: unknown, { schema, gzipFrom = GZIP_THRESHOLD, perLanguage }: BytesOptions = {}): SnapshotBytes {
  const body = bodyOf(value, schema);
  const bytes: SnapshotBytes = { body, gzipped: body.length < gzipFrom ? undefined : gzipSync(body, { level: 9 }), etag: etagOf(body) };
  if (perLanguage) bytes.perLanguage = true;
  return bytes;
}

/**
 * Writes a snapshot's answer straight on node's response, with header lists built once per
 * snapshot: 304 for the client's own ETag, else the JSON, gzipped when the client takes gzip and
 * the body is large enough. The public reads' routes hijack their reply for it.
 */
export class SnapshotAnswers {
  readonly securityHeaders: SecurityHeaders;
  private readonly headersOf = new WeakMap<SnapshotBytes, HeaderLists>();

  constructor(securityHeaders: SecurityHeaders) {
    this.securityHeaders = securityHeaders;
  }

  /**
   * `requestId`: sent as `x-request-id` like every answer of Fastify's (its log line has it).
   */
  write(request: IncomingMessage, response: ServerResponse, bytes: SnapshotBytes, requestId?: string): void {
    const headers = this.headersFor(bytes);
    const withId = (list: string[]) => (requestId === undefined ? list : [...list, 'x-request-id', requestId]);
    if (request.headers['if-none-match'] === bytes.etag) {
      response.writeHead(304, withId(headers.notModified));
      response.end();
    } else if (bytes.gzipped && acceptsGzip(request.headers['accept-encoding'])) {
      response.writeHead(200, withId(headers.gzipped));
      response.end(bytes.gzipped);
    } else {
      response.writeHead(200, withId(headers.plain));
      response.end(bytes.body);
    }
  }

  /** Names and values in one flat list, as writeHead takes them: no header object per request. */
  private headersFor(bytes: SnapshotBytes): HeaderLists {
    let lists = this.headersOf.get(bytes);
    if (!lists) {
      const cacheControl = bytes.private ? 'private, no-cache' : 'no-cache';
      // The pages vary alike (src/server/pages/web-app.ts): a cache keeps each language apart.
      const vary = bytes.perLanguage ? 'accept-encoding, accept-language, cookie' : 'accept-encoding';
      const common = [...this.securityHeaders.flat(), 'etag', bytes.etag, 'cache-control', cacheControl, 'vary', vary];
      const json = ['content-type', 'application/json; charset=utf-8'];
      lists = {
        notModified: common,
        plain: [...common, ...json, 'content-length', String(bytes.body.length)],
        gzipped: bytes.gzipped ? [...common, ...json, 'content-encoding', 'gzip', 'content-length', String(bytes.gzipped.length)] : [],
      };
      this.headersOf.set(bytes, lists);
    }
    return lists;
  }
}

interface HeaderLists {
  notModified: string[];
  plain: string[];
  gzipped: string[];
}

/** Whether an Accept-Encoding header allows gzip (listed, or `*`, without q=0). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((entry) => {
    const [coding, ...params] = entry.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}
