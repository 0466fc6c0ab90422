import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { z } from 'zod';
import type { WatchedWrites } from '../db/watched-writes.ts';
import { AwaitedNotices } from '../events/awaited-notices.ts';
import type { EventBus } from '../events/event-bus.ts';
import { layerOn } from '../speed-layers.ts';
import { snapshotBytes, type SnapshotAnswers, type SnapshotBytes } from './snapshot-answer.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * This route's 200 answer is kept by KeptAnswers (registerKeptAnswers) under `key`'s result:
     * the caller's own (the default), or `shared` by every caller the route lets in (the order
     * board). `key` gives undefined for a request answered afresh each time. `perLanguage`: the
     * answer is in the reader's language (its key says which), so `Vary` names what chooses it.
     */
    keptAnswer?: { key: (request: FastifyRequest) => string | undefined; shared?: true; perLanguage?: true };
    /** The handler writes the signed-in caller's own data only: it forgets only their kept answers. */
    customerWrites?: true;
  }
}

/** Whose answers the shared ones are kept as: no customer has this id. */
const SHARED = '*shared*';

/**
 * Answers every route declared after this whose config names a `keptAnswer` from the kept
 * answers, reading through its own handler, which returns the value as any route does; runs the
 * handler of a route with `customerWrites` as the caller's own writes.
 */
export function registerKeptAnswers(app: FastifyInstance, keptAnswers: KeptAnswers): void {
  app.addHook('onRoute', (route) => {
    if (route.config?.customerWrites) {
      const handler = route.handler as (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) => unknown;
      route.handler = function customerWrites(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
        // Without a caller its writes are nobody's: they forget everyone's answers, never too few.
        if (!request.user) return handler.call(this, request, reply);
        return keptAnswers.customerWrites(request.user.id, () => handler.call(this, request, reply));
      } as RouteHandlerMethod;
    }
    const kept = route.config?.keptAnswer;
    if (!kept) return;
    const schema = (route.schema?.response as Record<number, z.ZodType> | undefined)?.[200];
    if (!schema) throw new Error(`${route.method} ${route.url}: a kept answer needs its 200 response schema`);
    const read = route.handler as (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
    route.handler = async function keptAnswer(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      const key = kept.key(request);
      const owner = kept.shared ? SHARED : request.user?.id;
      if (key === undefined || owner === undefined) return read.call(this, request, reply);
      await keptAnswers.send(request, reply, owner, key, { schema, value: () => read.call(this, request, reply), perLanguage: kept.perLanguage });
    } as RouteHandlerMethod;
  });
}

/** How many customers' answers are kept at most (the customer kept longest goes first past it). */
const MAX_CUSTOMERS = 10_000;
/** How many answers one customer keeps at most (pages of their orders, orders opened). */
const MAX_PER_CUSTOMER = 20;

/**
 * A customer's own reads (cart, orders, one order) and the board shared by all staff, kept as the
 * bytes last sent until what they show is written (decisions 0033, 0042). Forgotten by this
 * process's writes as each runs (db/watched-writes.ts: a customer's own forget theirs and the
 * shared ones; any other, everyone's), by PostgreSQL's notices (migrations 013–014) and by SQLite's
 * look for other writers (decision 0040). A read begun before such a write is not kept.
 */
export class KeptAnswers {
  private readonly byCustomer = new Map<string, Map<string, SnapshotBytes>>();
  /** Counts forgettings: a read marks it before it starts and is kept only if nothing it shows was forgotten since. */
  private clock = 0;
  private everyoneForgottenAt = 0;
  private readonly forgottenAt = new Map<string, number>();
  private readonly answers: SnapshotAnswers;
  private readonly writes: WatchedWrites;
  /** PostgreSQL: wait for the I/O already in before trusting a kept answer, and for this process's notices before answering a write. */
  readonly waitsForNotices: boolean;
  private readonly notices = new AwaitedNotices();

  constructor(options: { events: EventBus; writes: WatchedWrites; answers: SnapshotAnswers; waitsForNotices: boolean }) {
    this.answers = options.answers;
    this.writes = options.writes;
    this.waitsForNotices = options.waitsForNotices;
    options.writes.onWrite((topic, customer, sentAt) => {
      if (customer === undefined) this.forgetEveryone();
      else this.forget(customer);
      if (topic === 'answers' && this.waitsForNotices) this.notices.wrote(customer ?? AwaitedNotices.ANY, sentAt);
    });
    options.events.subscribe('answers.changed', ({ customerId }) => {
      if (customerId === undefined) this.forgetEveryone();
      else this.forget(customerId);
      this.notices.heard(customerId);
    });
    options.events.subscribe('sessions.changed', () => this.forgetEveryone());
    options.events.onResync(() => this.forgetEveryone());
  }

  /**
   * Answers `request` with the customer's kept answer under `key`, or reads it (`read`), sends it
   * as the route's `schema` serialises it, and keeps it. Private (`cache-control: private`), with
   * an ETag: the same answer again is a 304.
   */
  async send(
    request: FastifyRequest,
    reply: FastifyReply,
    customerId: string,
    key: string,
    read: { schema: z.ZodType; value: () => Promise<unknown>; perLanguage?: boolean },
  ): Promise<void> {
    let bytes = await this.kept(customerId, key);
    if (!bytes) {
      const mark = this.clock;
      bytes = await snapshotBytes(await read.value(), { schema: read.schema, private: true, perLanguage: read.perLanguage });
      this.keep(customerId, key, bytes, mark);
      // The read may have written (the cart records a payment the shop missed): its notice first.
      const notice = this.pendingNotice(customerId);
      if (notice) await notice;
    }
    reply.hijack();
    this.answers.write(request.raw, reply.raw, bytes, request.id);
  }

  /**
   * PostgreSQL: what the answer of a request by `customerId` waits for: the notices of this
   * process's writes to that customer's data, and of any write that could not say whose it was.
   */
  pendingNotice(customerId: string | undefined): Promise<void> | undefined {
    return this.notices.pending(customerId);
  }

  /**
   * Runs `work`, a customer's writes to their own cart, payment or orders: they forget that
   * customer's answers alone (db/watched-writes.ts).
   */
  customerWrites<T>(customerId: string, work: () => T): T {
    return this.writes.customerWrites(customerId, work);
  }

  private async kept(customerId: string, key: string): Promise<SnapshotBytes | undefined> {
    if (this.byCustomer.get(customerId)?.get(key) === undefined) return undefined;
    // PostgreSQL: a notice that came in before this request is heard first (as for a kept caller).
    if (this.waitsForNotices) await new Promise<void>((resolve) => setImmediate(resolve));
    return this.byCustomer.get(customerId)?.get(key);
  }

  private keep(customerId: string, key: string, bytes: SnapshotBytes, mark: number): void {
    if (this.everyoneForgottenAt > mark || (this.forgottenAt.get(customerId) ?? 0) > mark || !layerOn('kept-answers')) return;
    if (customerId === SHARED && this.clock > mark) return;
    let answers = this.byCustomer.get(customerId);
    if (!answers) {
      if (this.byCustomer.size >= MAX_CUSTOMERS) this.byCustomer.delete(this.byCustomer.keys().next().value!);
      answers = new Map();
      this.byCustomer.set(customerId, answers);
    }
    if (answers.size >= MAX_PER_CUSTOMER) answers.delete(answers.keys().next().value!);
    answers.set(key, bytes);
  }

  forget(customerId: string): void {
    this.clock += 1;
    this.byCustomer.delete(customerId);
    // A shared answer (the board) may show any customer's orders.
    this.byCustomer.delete(SHARED);
    // Past this many marks it is cheaper to forget everyone than to remember whom.
    if (this.forgottenAt.size >= MAX_CUSTOMERS) this.forgetEveryone();
    else this.forgottenAt.set(customerId, this.clock);
  }

  forgetEveryone(): void {
    this.clock += 1;
    this.everyoneForgottenAt = this.clock;
    this.byCustomer.clear();
    this.forgottenAt.clear();
  }

  /** Whether the answer shared by every caller under `key` is kept (the tests). */
  isKeptForAll(key: string): boolean {
    return this.isKept(SHARED, key);
  }

  /** Whether this customer's answer under `key` is kept (the tests). */
  isKept(customerId: string, key: string): boolean {
    return this.byCustomer.get(customerId)?.has(key) ?? false;
  }
}
