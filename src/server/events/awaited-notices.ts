/** The longest an answer waits for its write's notice (a write rolled back sends none). */
const NOTICE_WAIT_MS = 200;

interface AwaitedNotice {
  heard: Promise<void>;
  hear(): void;
}

function awaitedNotice(): AwaitedNotice {
  let hear!: () => void;
  const heard = new Promise<void>((resolve) => (hear = resolve));
  setTimeout(hear, NOTICE_WAIT_MS).unref();
  return { heard, hear };
}

/**
 * PostgreSQL: the writes of this process whose notices (sent by the database's triggers when they
 * commit, migrations 013 and 014) have not come back yet. An answer after such a write waits for
 * them (app.ts), so it leaves once the database has sent the notice to every process: the next
 * request, wherever it goes, finds nothing stale. Keyed by what the notice names (a customer's
 * id); `ANY` is released by any notice of the kind.
 */
export class AwaitedNotices {
  static readonly ANY = '*';
  private readonly waiting = new Map<string, AwaitedNotice>();

  /** This process wrote: wait for the notice naming `key` (or any, for `ANY`). */
  wrote(key: string): void {
    if (!this.waiting.has(key)) this.waiting.set(key, awaitedNotice());
  }

  /** A notice came back naming `key` (undefined: naming everyone, which answers every wait). */
  heard(key: string | undefined): void {
    if (key === undefined) {
      for (const notice of this.waiting.values()) notice.hear();
      this.waiting.clear();
      return;
    }
    for (const name of [key, AwaitedNotices.ANY]) {
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
}
