import { sql, type Kysely, type Transaction } from 'kysely';
import type { SlotUse } from '../../shared/order-slots.ts';
import type { Database } from '../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Takes the slot's lock row until the transaction ends: its row made if new, then locked (FOR
 * UPDATE on PostgreSQL; SQLite's first write takes the one writer's lock for the whole transaction).
 */
export async function lockSlot(trx: Transaction<Database>, slotAt: string, postgres: boolean): Promise<void> {
  await trx.insertInto('order_slots').values({ slot_at: slotAt }).onConflict((oc) => oc.column('slot_at').doNothing()).execute();
  if (postgres) await trx.selectFrom('order_slots').select('slot_at').where('slot_at', '=', slotAt).forUpdate().execute();
}

/** The places of one slot taken by others: paid for, or held and not yet lapsed. */
export async function slotUseOf(db: Db, slotAt: string, exceptIntent: string, now: string): Promise<SlotUse> {
  const row = await db
    .selectFrom('slot_holds')
    .select((eb) => [eb.fn.countAll<number>().as('orders'), eb.fn.sum<number | null>('dishes').as('dishes')])
    .where('slot_at', '=', slotAt)
    .where('intent_id', '<>', exceptIntent)
    .where((eb) => eb.or([eb('held_until', 'is', null), eb('held_until', '>', now)]))
    .executeTakeFirstOrThrow();
  return { orders: Number(row.orders), dishes: Number(row.dishes ?? 0) };
}

/** Every slot from `from` on with a place taken, keyed by the slot's instant. */
export async function slotUseFrom(db: Db, from: string, now: string): Promise<Map<string, SlotUse>> {
  const rows = await db
    .selectFrom('slot_holds')
    .select((eb) => ['slot_at', eb.fn.countAll<number>().as('orders'), eb.fn.sum<number | null>('dishes').as('dishes')])
    .where('slot_at', '>=', from)
    .where((eb) => eb.or([eb('held_until', 'is', null), eb('held_until', '>', now)]))
    .groupBy('slot_at')
    .execute();
  return new Map(rows.map((row) => [row.slot_at, { orders: Number(row.orders), dishes: Number(row.dishes ?? 0) }]));
}

/** Holds (or moves) the intent's place; `heldUntil` null keeps it for good. */
export async function holdPlace(db: Db, intentId: string, slotAt: string, dishes: number, heldUntil: string | null): Promise<void> {
  await db
    .insertInto('slot_holds')
    .values({ intent_id: intentId, slot_at: slotAt, dishes, held_until: heldUntil })
    .onConflict((oc) => oc.column('intent_id').doUpdateSet({ slot_at: slotAt, dishes, held_until: heldUntil }))
    .execute();
}

export async function releasePlace(db: Db, intentId: string): Promise<void> {
  await db.deleteFrom('slot_holds').where('intent_id', '=', intentId).execute();
}

/** The intent's hold, or undefined: `held_until` null is a place for good. */
export async function findHold(db: Db, intentId: string): Promise<{ held_until: string | null } | undefined> {
  return db.selectFrom('slot_holds').select('held_until').where('intent_id', '=', intentId).executeTakeFirst();
}

/**
 * A rejected or cancelled order's place goes back: its hold lapses at `at`, so no count sees it,
 * while its row stays for the board, which finds an order for later by its slot's day.
 */
export async function freePlace(db: Db, intentId: string, at: string): Promise<void> {
  await db.updateTable('slot_holds').set({ held_until: at }).where('intent_id', '=', intentId).execute();
}

/** A place held before the charge, kept for good once the card was charged. */
export async function keepPlace(db: Db, intentId: string): Promise<void> {
  await db.updateTable('slot_holds').set({ held_until: sql<null>`null` }).where('intent_id', '=', intentId).execute();
}
