import type { WatchedWrites } from '../db/watched-writes.ts';
import { AwaitedNotices } from '../events/awaited-notices.ts';
import type { EventBus } from '../events/event-bus.ts';
import { layerOn } from '../speed-layers.ts';
import type { RequestUser } from './request-user.ts';

/** How many callers are kept at most (the oldest kept goes first past it). */
const MAX_KEPT = 50_000;

/**
 * The callers of recent requests by session id (user, role, e-mail, name), so a signed-in read
 * does not look its caller up on every request (decision 0029). Any update or delete of a session
 * or a user forgets them all: this process's at once (db/watched-writes.ts), another's through
 * PostgreSQL's `sessions.changed` (migration 013) or SQLite's look for other writers (decision
 * 0040). An expired session is never answered; a read begun before a write is not kept.
 */
export class SessionCache {
  private readonly callers = new Map<string, RequestUser>();
  private generation = 0;
  /**
   * PostgreSQL: another process's write arrives as a notice on a socket of its own. A request that
   * found its caller here waits for the I/O already in (setImmediate runs after the loop has
   * handled every event of its turn), so a notice that came in before the request is heard first.
   */
  readonly waitsForNotices: boolean;

  /** PostgreSQL: this process wrote a session or a user, and its notice has not come back yet. */
  private readonly notices = new AwaitedNotices();

  constructor(options: { events: EventBus; writes: WatchedWrites; waitsForNotices: boolean }) {
    this.waitsForNotices = options.waitsForNotices;
    options.writes.onWrite((topic, _customer, sentAt) => {
      if (topic !== 'sign-in') return;
      this.forgetAll();
      if (this.waitsForNotices) this.notices.wrote(AwaitedNotices.ANY, sentAt);
    });
    options.events.subscribe('sessions.changed', () => {
      this.forgetAll();
      this.notices.heard(undefined);
    });
    options.events.onResync(() => this.forgetAll());
  }

  /**
   * PostgreSQL: while a write of this process to a session or a user has not come back from the
   * database as its notice, a promise of its coming (at most NOTICE_WAIT_MS). The answers of this
   * process wait for it (app.ts), so a sign-out or a role change is answered once the database
   * has sent its notice to every process: the next request, wherever it goes, is a new caller.
   */
  pendingNotice(): Promise<void> | undefined {
    return this.notices.pending();
  }

  /** The caller of this session if kept and not expired at `now`. */
  get(sessionId: string, now: number): RequestUser | undefined {
    const caller = this.callers.get(sessionId);
    if (caller === undefined) return undefined;
    if (caller.sessionExpiresAt.getTime() <= now) {
      this.callers.delete(sessionId);
      return undefined;
    }
    return caller;
  }

  /** Taken before reading a caller from the database; `keep` keeps the result only if nothing was forgotten meanwhile. */
  mark(): number {
    return this.generation;
  }

  keep(caller: RequestUser, mark: number): void {
    if (mark !== this.generation || !layerOn('session-cache')) return;
    if (this.callers.size >= MAX_KEPT) this.callers.delete(this.callers.keys().next().value!);
    // Shared by the requests of this session: nobody may change it.
    this.callers.set(caller.sessionId, Object.freeze(caller));
  }

  forgetAll(): void {
    this.generation += 1;
    this.callers.clear();
  }

  get size(): number {
    return this.callers.size;
  }
}
