import type { Kysely, Transaction } from 'kysely';
import type { FulfilmentType } from '../../shared/order-workflow.ts';
import type { OfferedSlots } from '../../shared/orders.ts';
import { closedProblem, freeSlots, fullSlotMessage, NEXT_FREE_SLOTS, slotIsFull } from '../../shared/restaurant-settings.ts';
import type { Database } from '../db/schema.ts';
import { SlotFullError } from '../http/errors.ts';
import type { ShopSettings } from '../settings/settings-service.ts';
import { findHold, holdPlace, keepPlace, lockSlot, releasePlace, slotUseFrom, slotUseOf } from './slot-repository.ts';

/**
 * How long a place stays held for a payment under way: from its intent's opening, and again at
 * each reopening of the payment page and at the card's confirmation; a lapsed hold frees it.
 */
export const HOLD_MINUTES = 10;

/**
 * The time slots' places (issue 40): what is offered, and the hold a payment takes on its place
 * before its card is charged, under the slot's lock so that of many payments for the last place
 * exactly one gets it.
 */
export class SlotService {
  private readonly db: Kysely<Database>;
  private readonly settings: ShopSettings;
  private readonly postgres: boolean;

  constructor(options: { db: Kysely<Database>; settings: ShopSettings; postgres: boolean }) {
    this.db = options.db;
    this.settings = options.settings;
    this.postgres = options.postgres;
  }

  /** GET /api/slots: the free slots of a way of fulfilment (none for eat-here unless the owner allows it). */
  async offered(type: FulfilmentType, now: Date): Promise<OfferedSlots> {
    const settings = this.settings.current();
    const asap = settings.fulfilments[type] && !closedProblem(settings, now);
    if (!settings.fulfilments[type] || (type === 'table' && !settings.scheduledEatHere)) return { timeZone: settings.timeZone, asap, slots: [] };
    const slots = await this.free(now, 0);
    return { timeZone: settings.timeZone, asap, slots };
  }

  private async free(now: Date, dishes: number): Promise<string[]> {
    const settings = this.settings.current();
    const use = settings.slotMaxOrders > 0 || settings.slotMaxDishes > 0 ? await slotUseFrom(this.db, now.toISOString(), now.toISOString()) : new Map();
    return freeSlots(settings, now, use, dishes).map((slot) => slot.toISOString());
  }

  /** Refuses (409 SLOT_FULL with the next free slots) a slot with no place left for `dishes` more; takes nothing. */
  async checkFree(slotAt: string, dishes: number, now: Date, exceptIntent = ''): Promise<void> {
    if (!this.limited()) return;
    if (slotIsFull(this.settings.current(), await slotUseOf(this.db, slotAt, exceptIntent, now.toISOString()), dishes)) throw await this.fullError(slotAt, dishes, now);
  }

  /**
   * Holds the intent's place for HOLD_MINUTES from `now` (when its intent is opened or reopened,
   * and before the sandbox charges its card), or refuses (409 SLOT_FULL) when the others' places
   * fill the slot. Counted and taken under the slot's lock. Answers whether a place was held (none
   * without limits).
   */
  async hold(intentId: string, slotAt: string, dishes: number, now: Date): Promise<boolean> {
    if (!this.limited()) return false;
    const until = new Date(now.getTime() + HOLD_MINUTES * 60_000).toISOString();
    const taken = await this.db.transaction().execute(async (trx) => {
      await lockSlot(trx, slotAt, this.postgres);
      if (slotIsFull(this.settings.current(), await slotUseOf(trx, slotAt, intentId, now.toISOString()), dishes)) return false;
      await holdPlace(trx, intentId, slotAt, dishes, until);
      return true;
    });
    if (!taken) throw await this.fullError(slotAt, dishes, now);
    return true;
  }

  /** The card was declined: the place goes back. */
  release(intentId: string): Promise<void> {
    return releasePlace(this.db, intentId);
  }

  /** The card was charged: the place is the payment's for good. */
  keep(intentId: string): Promise<void> {
    return keepPlace(this.db, intentId);
  }

  /**
   * In the transaction that places the order: its place for good. A hold still running (or kept)
   * is honoured; a lapsed one is taken again only if the slot has room, under its lock. Answers
   * false, taking nothing, when the slot filled after the hold lapsed: the charge goes back.
   */
  async placeTaken(trx: Transaction<Database>, intentId: string, slotAt: string, dishes: number, now: Date): Promise<boolean> {
    if (this.limited()) {
      await lockSlot(trx, slotAt, this.postgres);
      const hold = await findHold(trx, intentId);
      const live = hold !== undefined && (hold.held_until === null || hold.held_until > now.toISOString());
      if (!live && slotIsFull(this.settings.current(), await slotUseOf(trx, slotAt, intentId, now.toISOString()), dishes)) return false;
    }
    await holdPlace(trx, intentId, slotAt, dishes, null);
    return true;
  }

  /** An open intent whose held place lapsed: the periodic check cancels it, so no card is charged for a place it lost. */
  async holdLapsed(intentId: string, now: Date): Promise<boolean> {
    if (!this.limited()) return false;
    const hold = await findHold(this.db, intentId);
    return hold !== undefined && hold.held_until !== null && hold.held_until <= now.toISOString();
  }

  /** The 409 for a slot that has no place left, with the next free slots. */
  fullFor(slotAt: string, dishes: number, now: Date): Promise<SlotFullError> {
    return this.fullError(slotAt, dishes, now);
  }

  private limited(): boolean {
    const settings = this.settings.current();
    return settings.slotMaxOrders > 0 || settings.slotMaxDishes > 0;
  }

  private async fullError(slotAt: string, dishes: number, now: Date): Promise<SlotFullError> {
    const next = (await this.free(now, dishes)).filter((slot) => slot !== slotAt).slice(0, NEXT_FREE_SLOTS);
    return new SlotFullError(fullSlotMessage(new Date(slotAt), now, this.settings.timeZone()), next);
  }
}
