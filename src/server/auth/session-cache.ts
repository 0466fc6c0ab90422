import type { WatchedWrites } from '../db/watched-writes.ts';
import { AwaitedNotices } from '../events/awaited-notices.ts';
import type { EventBus } from '../events/event-bus.ts';
import { layerOn } from '../speed-layers.ts';
import type { RequestUser } from './request-user.ts';

/** How many callers are kept at most (the oldest kept goes first past it). */
const MAX_KEPT = 50_000;

/**
 * The callers of recent requests by session id: the session's user, role, e-mail and name as the
 * database had them, so a signed-in read does not look its caller up again on every request
 * (docs/performance.md, issue 23). Kept only while nothing could have changed them: every
 * update or delete of a session or a user forgets them all, at once and in every process:
 * - this process's own writes, whoever makes them (Better Auth, the shop's code), as soon as the
 *   statement has run (db/watched-writes.ts);
 * - another process's, through the event bus: `sessions.changed`, sent by PostgreSQL itself
 *   when such a write commits (migration 013), and a resync when the bus may have missed events;
 *   on SQLite, a commit by another connection, seen within a tenth of a second by `PRAGMA
 *   data_version` (db/node-sqlite-dialect.ts, decision 0040).
 * An expired session is never answered from here. A read from the database that began before a
 * write is not kept (`mark` / `keep`), so it cannot bring back what the write ended.
 * Decision 0029.
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
