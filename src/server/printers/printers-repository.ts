import type { Kysely, Selectable } from 'kysely';
import type { PrinterInput } from '../../shared/printers.ts';
import type { Database, KitchenPrintersTable } from '../db/schema.ts';

export type PrinterRow = Selectable<KitchenPrintersTable>;

export async function listPrinters(db: Kysely<Database>): Promise<PrinterRow[]> {
  return db.selectFrom('kitchen_printers').selectAll().orderBy('created_at').orderBy('id').execute();
}

export async function findPrinter(db: Kysely<Database>, id: string): Promise<PrinterRow | undefined> {
  return db.selectFrom('kitchen_printers').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertPrinter(db: Kysely<Database>, id: string, input: PrinterInput, at: string): Promise<void> {
  await db
    .insertInto('kitchen_printers')
    .values({ id, name: input.name, host: input.host, port: input.port, print_on_accept: input.printOnAccept ? 1 : 0, created_at: at })
    .execute();
}

/** A changed address forgets the old one's outcome: it said nothing about the new printer. */
export async function updatePrinter(db: Kysely<Database>, id: string, input: PrinterInput, addressChanged: boolean): Promise<number> {
  const result = await db
    .updateTable('kitchen_printers')
    .set({
      name: input.name,
      host: input.host,
      port: input.port,
      print_on_accept: input.printOnAccept ? 1 : 0,
      ...(addressChanged ? { last_success_at: null, last_error_at: null, last_error: null } : {}),
    })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function deletePrinter(db: Kysely<Database>, id: string): Promise<number> {
  const result = await db.deleteFrom('kitchen_printers').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function recordPrintSuccess(db: Kysely<Database>, id: string, at: string): Promise<void> {
  await db.updateTable('kitchen_printers').set({ last_success_at: at }).where('id', '=', id).execute();
}

export async function recordPrintFailure(db: Kysely<Database>, id: string, error: string, at: string): Promise<void> {
  await db.updateTable('kitchen_printers').set({ last_error_at: at, last_error: error }).where('id', '=', id).execute();
}
