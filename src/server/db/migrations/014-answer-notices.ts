import { sql, type Kysely } from 'kysely';
import type { DbKind } from '../database.ts';

/**
 * PostgreSQL: writes to what a customer's reads are built from notify `answers.changed` on commit,
 * whoever wrote them, so every process drops that customer's kept answers (decision 0033). Rows
 * name their customer (`user_id` before and after an update; `order_events` via its order);
 * `menu_items` names none, as it concerns every cart. Nothing on SQLite (see 013).
 */
const notice = (customer: string) => `perform pg_notify('shop_events', json_build_object('name', 'answers.changed', 'payload', json_build_object('customerId', ${customer}))::text);`;
const CUSTOMER_TABLES = ['cart_items', 'payment_intents', 'orders'];
const EVERYONE = JSON.stringify({ name: 'answers.changed', payload: {} });

export function up(kind: DbKind) {
  return async (db: Kysely<unknown>) => {
    if (kind !== 'postgres') return;
    await sql
      .raw(
        `create function shop_customer_answers_changed() returns trigger language plpgsql as $$
         begin
           if TG_OP <> 'INSERT' then
             if OLD.user_id is not null then ${notice('OLD.user_id')} end if;
           end if;
           if TG_OP <> 'DELETE' then
             if NEW.user_id is not null then ${notice('NEW.user_id')} end if;
           end if;
           return null;
         end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create function shop_order_answers_changed() returns trigger language plpgsql as $$
         declare
           customer text;
         begin
           if TG_OP = 'DELETE' then
             select user_id into customer from orders where id = OLD.order_id;
           else
             select user_id into customer from orders where id = NEW.order_id;
           end if;
           if customer is not null then ${notice('customer')} end if;
           return null;
         end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create function shop_everyones_answers_changed() returns trigger language plpgsql as $$
         begin
           perform pg_notify('shop_events', '${EVERYONE}');
           return null;
         end $$`,
      )
      .execute(db);
    for (const table of CUSTOMER_TABLES) {
      await sql.raw(`create trigger ${table}_answers_changed after insert or update or delete on ${table} for each row execute function shop_customer_answers_changed()`).execute(db);
    }
    await sql.raw('create trigger order_events_answers_changed after insert or update or delete on order_events for each row execute function shop_order_answers_changed()').execute(db);
    await sql.raw('create trigger menu_items_answers_changed after insert or update or delete on menu_items for each statement execute function shop_everyones_answers_changed()').execute(db);
  };
}

export function down(kind: DbKind) {
  return async (db: Kysely<unknown>) => {
    if (kind !== 'postgres') return;
    for (const table of [...CUSTOMER_TABLES, 'order_events', 'menu_items']) await sql.raw(`drop trigger ${table}_answers_changed on ${table}`).execute(db);
    for (const fn of ['shop_customer_answers_changed', 'shop_order_answers_changed', 'shop_everyones_answers_changed']) await sql.raw(`drop function ${fn}()`).execute(db);
  };
}
