import type { EventBus } from './event-bus.ts';

type ChangeEvent = 'menu.changed' | 'reviews.changed';

/**
 * Kept until `changed()` in any process (told via the event bus, decision 0029). Readers share one
 * build; a build is kept only if no change came during it, and never if it failed.
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
