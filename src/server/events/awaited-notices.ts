/** The longest an answer waits for its write's notice (a write rolled back sends none). */
const NOTICE_WAIT_MS = 200;
/** How many customers' last notices are remembered; past it the oldest half is dropped (older than any statement in flight). */
const MAX_REMEMBERED = 10_000;

interface AwaitedNotice {
  heard: Promise<void>;
  hear(): void;
}

/**
 * PostgreSQL: the writes of this process whose notices (sent by the database's triggers when they
 * commit, migrations 013 and 014) have not come back yet. An answer after such a write waits for
 * them (app.ts), so it leaves once the database has sent the notice to every process: the next
 * request, wherever it goes, finds nothing stale. Keyed by what the notice names (a customer's
 * id); `ANY` is released by any notice of the kind.
 *
 * A notice can come back before its statement's own answer: PostgreSQL sends it to the listening
 * connection as the statement commits, on another socket, and either may be read first. So a
 * write says when its statement was sent, and a notice naming its key heard since then counts as
 * come (without this, about one write in two outside a transaction waited the whole 200 ms in
 * vain: docs/performance.md, "A notice that came first").
 */
export class AwaitedNotices {
  static readonly ANY = '*';
  private readonly waiting = new Map<string, AwaitedNotice>();
  /** When a notice naming each key was last heard (performance.now()); ANY: any notice. */
  private readonly lastHeard = new Map<string, number>();
  /** When a notice naming everyone was last heard. */
  private everyoneHeardAt = -Infinity;

  /** This process wrote, in a statement sent at `sentAt` (performance.now()): wait for the notice naming `key` (or any, for `ANY`). */
  wrote(key: string, sentAt: number): void {
    if (Math.max(this.lastHeard.get(key) ?? -Infinity, this.everyoneHeardAt) >= sentAt) return;
    if (this.waiting.has(key)) return;
    let hear!: () => void;
    const heard = new Promise<void>((resolve) => (hear = resolve));
    const notice = { heard, hear };
    this.waiting.set(key, notice);
    setTimeout(() => {
      hear();
      // Gone, so that the next write waits for its own notice.
      if (this.waiting.get(key) === notice) this.waiting.delete(key);
    }, NOTICE_WAIT_MS).unref();
  }

  /** A notice came back naming `key` (undefined: naming everyone, which answers every wait). */
  heard(key: string | undefined): void {
    const now = performance.now();
    if (key === undefined) {
      this.everyoneHeardAt = now;
      for (const notice of this.waiting.values()) notice.hear();
      this.waiting.clear();
      return;
    }
    for (const name of [key, AwaitedNotices.ANY]) {
      this.remember(name, now);
      this.waiting.get(name)?.hear();
      this.waiting.delete(name);
    }
  }

  /**
   * What an answer to `key` (the caller's id) must wait for, if anything: the notice of its own
   * writes, and of any write that could not say whose data it was.
   */
  pending(key?: string): Promise<void> | undefined {
    const own = key === undefined ? undefined : this.waiting.get(key);
    const any = this.waiting.get(AwaitedNotices.ANY);
    if (own && any) return Promise.all([own.heard, any.heard]).then(() => undefined);
    return (own ?? any)?.heard;
  }

  private remember(key: string, at: number): void {
    // Deleted first, so that the map's order stays the order of hearing, oldest first.
    this.lastHeard.delete(key);
    this.lastHeard.set(key, at);
    if (this.lastHeard.size <= MAX_REMEMBERED) return;
    for (const oldest of this.lastHeard.keys()) {
      if (this.lastHeard.size <= MAX_REMEMBERED / 2) break;
      this.lastHeard.delete(oldest);
    }
  }
}
