/** The longest an answer waits for its write's notice (a write rolled back sends none). */
const NOTICE_WAIT_MS = 200;
/** How many customers' last notices are remembered; past it the oldest half is dropped (older than any statement in flight). */
const MAX_REMEMBERED = 10_000;

interface AwaitedNotice {
  heard: Promise<void>;
  hear(): void;
}

/**
 * PostgreSQL: this process's writes whose notices (migrations 013–014) have not come back yet. An
 * answer after such a write waits for them, so the next request, in any process, finds nothing
 * stale. Keyed by the customer the notice names; `ANY` is released by any notice. A notice can
 * arrive before its statement's own answer (another socket), so a notice heard after the
 * statement was sent counts as come.
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
