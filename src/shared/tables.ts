/**
 * The restaurant's tables and their signed links (docs/product.md, "Tables and their codes"):
 * the owner's list, the link each table's QR code opens, and the messages both sides show.
 */
import { z } from 'zod';
import { displayNameSchema, emailSchema } from './auth.ts';
import { TABLE_AREA_MAX, TABLE_NAME_MAX, type TableAtLink } from './table-constants.ts';

export * from './table-constants.ts';

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
export const tableAtLinkSchema: z.ZodType<TableAtLink> = z.object({ name: z.string(), area: z.string().nullable() });

/**
 * Begin a guest at the table a link opens (decision 0047): the name the staff call out and, if the
 * guest wants the receipt and the order's link by mail, an e-mail (asked here only, not at checkout).
 */
export const guestBeginSchema = z.object({ name: displayNameSchema, email: emailSchema.optional() }).strict();
export type GuestBegin = z.infer<typeof guestBeginSchema>;
