/**
 * The tables' names, links and texts without Zod: the menu's banner reads them on a public page's
 * first load (docs/product.md §15, the page budget). The schemas are in tables.ts.
 */

/** The fulfilment's own limit for a table's name (src/shared/orders.ts), so a name always fits an order. */
export const TABLE_NAME_MAX = 30;
export const TABLE_AREA_MAX = 40;

/** What a table link tells the menu: which table the guest sits at, nothing else. */
export interface TableAtLink {
  name: string;
  area: string | null;
}

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
} as const;
