/**
 * A worker's look (at the mail queue, at due refunds) run one at a time: asked for while one
 * runs, it runs once more after it, so nothing asked for meanwhile waits for the next timer.
 */
export class OneLookAtATime {
  private readonly look: () => Promise<void>;
  /** The look under way, if any. */
  current: Promise<void> | undefined;
  private again = false;

  constructor(look: () => Promise<void>) {
    this.look = look;
  }

  wake(): void {
    if (this.current) {
      this.again = true;
      return;
    }
    this.current = this.look().finally(() => {
      this.current = undefined;
      if (this.again) {
        this.again = false;
        this.wake();
      }
    });
  }
}
