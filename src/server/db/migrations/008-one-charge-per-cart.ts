import { sql, type Kysely } from 'kysely';

/**
 * One charge per cart (decision 0021). `open_for_user` is set only on the intent the payment page
 * may pay; its unique index (NULLs repeat) enforces one per customer across processes.
 * `settled_at` stays NULL while money could be taken unknown to the shop: the checks read only
 * those rows. `paid_cart_entries`' primary key stops a second payment for an entry. Existing
 * intents without a payment start unsettled, so the first check reconciles them with the provider.
 */
export function up() {
  return async (db: Kysely<unknown>) => {
    await db.schema.alterTable('payment_intents').addColumn('open_for_user', 'text').execute();
    await db.schema.alterTable('payment_intents').addColumn('settled_at', 'text').execute();
    await db.schema.createIndex('payment_intents_open_idx').on('payment_intents').column('open_for_user').unique().execute();
    await db.schema
      .createIndex('payment_intents_unsettled_idx')
      .on('payment_intents')
      .column('created_at')
      .where(sql.ref('settled_at'), 'is', null)
      .execute();

    await db.schema
      .createTable('paid_cart_entries')
      .addColumn('cart_item_id', 'text', (c) => c.primaryKey())
      .addColumn('transaction_id', 'text', (c) => c.notNull().references('payments.transaction_id'))
      .execute();

    await sql`
      update payment_intents set settled_at = updated_at
      where exists (select 1 from payments where payments.transaction_id = payment_intents.id)`.execute(db);

    let after = '';
    for (;;) {
      const { rows } = await sql<{ id: string; transaction_id: string; cart_item_ids: string }>`
        select id, transaction_id, cart_item_ids from payments where id > ${after} order by id limit 500`.execute(db);
      if (rows.length === 0) break;
      after = rows.at(-1)!.id;
      const entries = rows.flatMap((row) =>
        (JSON.parse(row.cart_item_ids) as string[]).map((id) => ({ cart_item_id: id, transaction_id: row.transaction_id })),
      );
      for (let i = 0; i < entries.length; i += 500) {
        await db
          .insertInto('paid_cart_entries' as never)
          .values(entries.slice(i, i + 500) as never)
          .onConflict((oc) => oc.column('cart_item_id' as never).doNothing())
          .execute();
      }
    }
  };
}

export function down() {
  return async (db: Kysely<unknown>) => {
    await db.schema.dropTable('paid_cart_entries').execute();
    await db.schema.dropIndex('payment_intents_unsettled_idx').execute();
    await db.schema.dropIndex('payment_intents_open_idx').execute();
    await db.schema.alterTable('payment_intents').dropColumn('settled_at').execute();
    await db.schema.alterTable('payment_intents').dropColumn('open_for_user').execute();
  };
}
