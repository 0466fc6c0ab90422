/**
 * The restaurant's tables and their signed links (docs/product.md, "Tables and their codes"):
 * the owner's list, the link each table's QR code opens, and the messages both sides show.
 */
import { z } from 'zod';

/** The fulfilment's own limit for a table's name (src/shared/orders.ts), so a name always fits an order. */
export const TABLE_NAME_MAX = 30;
export const TABLE_AREA_MAX = 40;

export const tableInputSchema = z
  .object({
    name: z.string().trim().min(1, "Enter the table's name or number").max(TABLE_NAME_MAX, `At most ${TABLE_NAME_MAX} characters`),
    area: z.string().trim().max(TABLE_AREA_MAX, `At most ${TABLE_AREA_MAX} characters`).optional(),
  })
  .strict();
export type TableInput = z.infer<typeof tableInputSchema>;

export const tableSchema = z.object({
  id: z.string(),
  name: z.string(),
  area: z.string().nullable(),
  /** The path the table's QR code opens: `/t/<token>`; a new one after "regenerate". */
  path: z.string(),
});
export type RestaurantTable = z.infer<typeof tableSchema>;

export const tableIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** A table link's token: `<table id>.<code version>.<signature>` (src/server/tables/table-links.ts). */
export const tableTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });

/** What a table link tells the menu: which table the guest sits at, nothing else. */
export const tableAtLinkSchema = z.object({ name: z.string(), area: z.string().nullable() });
export type TableAtLink = z.infer<typeof tableAtLinkSchema>;

/** The table link's path for a token. */
export const tablePath = (token: string): string => `/t/${encodeURIComponent(token)}`;

/** "7 · Terrace", or the name alone: how the board, the ticket and the menu name a table. */
export function tableLabel(table: { name: string; area?: string | null }): string {
  return table.area ? `${table.name} · ${table.area}` : table.name;
}

export const TABLE_TEXTS = {
  noSuchTable: 'No such table',
  nameTaken: 'Another table already has this name',
  linkInvalid: "This table's code is not valid any more: ask the staff for the table's new code, or order from the menu",
  eatingAt: (table: TableAtLink) => `You are ordering at table ${tableLabel(table)}`,
  leaveTable: 'Order without this table',
} as const;
