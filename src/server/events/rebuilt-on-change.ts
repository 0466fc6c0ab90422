import type { EventBus } from './event-bus.ts';

type ChangeEvent = 'menu.changed' | 'reviews.changed';

/**
 * A value read from the database once and kept until it changes, in any process: a write calls
 * `changed()`, which drops this process's copy at once and tells the others through the event bus
 * (decision 0029). The next reader builds it again; meanwhile readers share the one build. A
 * copy is kept only if no change came while it was being built, and a failed build is not kept.
 */
export class RebuiltOnChange<T> {
  private building: Promise<T> | undefined;
  /** The value once built, so that a request can be answered without waiting on a promise. */
  private built: T | undefined;
  private readonly events: EventBus;
  private readonly event: ChangeEvent;
  private readonly build: () => Promise<T>;

  constructor(events: EventBus, event: ChangeEvent, build: () => Promise<T>) {
    this.events = events;
    this.event = event;
    this.build = build;
    events.subscribe(event, () => this.drop());
    // Events may have been missed (the listening connection dropped): read again.
    events.onResync(() => this.drop());
  }

  current(): Promise<T> {
    if (!this.building) {
      const building = this.build();
      this.building = building;
      building.then(
        (value) => {
          if (this.building === building) this.built = value;
        },
        () => {
          if (this.building === building) this.building = undefined;
        },
      );
    }
    return this.building;
  }

  /** The value when it is built, else undefined (then wait on `current()`). */
  ready(): T | undefined {
    return this.built;
  }

  /** Call after every write: drops this process's copy and tells the others. */
  async changed(): Promise<void> {
    this.drop();
    await this.events.publish(this.event, {});
  }

  private drop(): void {
    this.building = undefined;
    this.built = undefined;
  }
}
