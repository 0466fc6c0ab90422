import type { Kysely } from 'kysely';
import { priceToCents, centsToPrice } from '../../shared/money.ts';
import {
  BUSY_TEXTS,
  defaultSettings,
  isPausedAt,
  restaurantSettingsSchema,
  type BusyChange,
  type RestaurantSettings,
} from '../../shared/restaurant-settings.ts';
import type { Database } from '../db/schema.ts';
import type { EventBus } from '../events/event-bus.ts';
import { BadRequestError } from '../http/errors.ts';
import { listDishTaxRates } from '../menu/menu-repository.ts';
import { readStoredSettings, writeStoredSettings } from './settings-repository.ts';

/** As kept in the database: money in integer cents, the rest as the API speaks it. */
type StoredSettings = Omit<RestaurantSettings, 'deliveryFee' | 'minimumOrder'> & { deliveryFeeCents: number; minimumOrderCents: number };

interface Logger {
  warn(obj: unknown, msg: string): void;
}

/**
 * The restaurant's settings as every request of this process reads them: held in memory (a
 * payment asks for them on every call) and read again from the database when any process saves
 * them (`settings.changed` on the event bus) or when this process may have missed that (the bus's
 * resync). SHOP_TIME_ZONE stays the time zone until an administrator chooses one.
 */
export class ShopSettings {
  private readonly db: Kysely<Database>;
  private readonly events: EventBus;
  private readonly defaultTimeZone: string;
  private readonly log: Logger;
  private settings: RestaurantSettings;
  private cents = { deliveryFeeCents: 0, minimumOrderCents: 0 };
  /** Reads run one after the other, so an older read never lands after a newer one. */
  private reading: Promise<void> = Promise.resolve();

  constructor(options: { db: Kysely<Database>; events: EventBus; defaultTimeZone: string; log: Logger }) {
    this.db = options.db;
    this.events = options.events;
    this.defaultTimeZone = options.defaultTimeZone;
    this.log = options.log;
    this.settings = defaultSettings(options.defaultTimeZone);
    options.events.subscribe('settings.changed', () => void this.reload());
    options.events.onResync(() => void this.reload());
  }

  /**
   * The settings now (dollars, as the API answers them). A pause for some minutes whose end has
   * come answers as no pause, so it ends by itself without a write or a timer.
   */
  current(now = new Date()): RestaurantSettings {
    const settings = this.settings;
    if (settings.ordersPaused && !isPausedAt(settings, now)) return { ...settings, ordersPaused: false, pausedUntil: null };
    return settings;
  }

  /** The restaurant's time zone: the setting, else SHOP_TIME_ZONE. */
  timeZone(): string {
    return this.settings.timeZone;
  }

  deliveryFeeCents(): number {
    return this.cents.deliveryFeeCents;
  }

  minimumOrderCents(): number {
    return this.cents.minimumOrderCents;
  }

  /** Reads the settings from the database (at start, and after a change anywhere). */
  reload(): Promise<void> {
    this.reading = this.reading.then(async () => {
      try {
        this.apply(await readStoredSettings(this.db));
      } catch (error) {
        this.log.warn({ err: error }, 'restaurant settings not read; the ones in memory stay');
      }
    });
    return this.reading;
  }

  /** Saves checked settings, answers them, and tells every process. */
  async save(settings: RestaurantSettings): Promise<RestaurantSettings> {
    await this.checkRatesInUse(settings);
    // An end belongs to a pause: without one it would come back with the next switch.
    const { deliveryFee, minimumOrder, ...rest } = settings.ordersPaused ? settings : { ...settings, pausedUntil: null };
    const stored: StoredSettings = { ...rest, deliveryFeeCents: priceToCents(deliveryFee), minimumOrderCents: priceToCents(minimumOrder) };
    const json = JSON.stringify(stored);
    await writeStoredSettings(this.db, json, new Date().toISOString());
    // This process answers with what it saved at once; the event brings the others (and this one) up to date.
    this.apply(json);
    await this.events.publish('settings.changed', {});
    return this.current();
  }

  /**
   * Busy mode, changed by staff from the board (or the owner's pause switch): only the fields sent,
   * over the settings as they are now; the rest of the settings stays the administrator's.
   */
  async changeBusy(change: BusyChange, now = new Date()): Promise<RestaurantSettings> {
    const next: RestaurantSettings = { ...this.current(now) };
    if (change.pauseMessage !== undefined) next.pauseMessage = change.pauseMessage;
    if (change.pause === 'resume') Object.assign(next, { ordersPaused: false, pausedUntil: null });
    else if (change.pause === 'untilResumed') Object.assign(next, { ordersPaused: true, pausedUntil: null });
    else if (change.pause !== undefined) Object.assign(next, { ordersPaused: true, pausedUntil: new Date(now.getTime() + change.pause * 60_000).toISOString() });
    if (next.ordersPaused && next.pauseMessage === '') next.pauseMessage = BUSY_TEXTS.defaultPauseMessage;
    if (change.extraMinutes !== undefined) next.extraMinutes = change.extraMinutes;
    if (change.autoAccept !== undefined) next.autoAccept = change.autoAccept;
    return this.save(next);
  }

  /**
   * A rate a dish still has cannot go (400, naming the dishes at the rates field): the dish would
   * be sold untaxed. A category's default is checked by the schema.
   */
  private async checkRatesInUse(settings: RestaurantSettings): Promise<void> {
    const kept = new Set(settings.taxRates.map((rate) => rate.id));
    const orphans = (await listDishTaxRates(this.db)).filter((dish) => !kept.has(dish.tax_rate_id));
    if (orphans.length === 0) return;
    const names = this.settings.taxRates.filter((rate) => orphans.some((dish) => dish.tax_rate_id === rate.id)).map((rate) => rate.name);
    const dishes = orphans.map((dish) => dish.name);
    const shown = dishes.length > 5 ? `${dishes.slice(0, 5).join(', ')} and ${dishes.length - 5} more` : dishes.join(', ');
    const message = `${names.join(', ') || 'A removed tax rate'} is still the rate of ${shown}: choose another rate for ${dishes.length === 1 ? 'it' : 'them'} first`;
    throw new BadRequestError(message, { taxRates: [message] });
  }

  private apply(json: string | undefined): void {
    if (json === undefined) {
      this.settings = defaultSettings(this.defaultTimeZone);
      this.cents = { deliveryFeeCents: 0, minimumOrderCents: 0 };
      return;
    }
    const { deliveryFeeCents, minimumOrderCents, ...rest } = JSON.parse(json) as StoredSettings;
    // Saved by an older version with fewer fields: the defaults fill what it did not know.
    const parsed = restaurantSettingsSchema.safeParse({
      ...defaultSettings(this.defaultTimeZone),
      ...rest,
      deliveryFee: centsToPrice(deliveryFeeCents ?? 0),
      minimumOrder: centsToPrice(minimumOrderCents ?? 0),
    });
    if (!parsed.success) {
      this.log.warn({ issues: parsed.error.issues }, 'stored restaurant settings are not valid; the ones in memory stay');
      return;
    }
    this.settings = parsed.data;
    this.cents = { deliveryFeeCents: deliveryFeeCents ?? 0, minimumOrderCents: minimumOrderCents ?? 0 };
  }
}
