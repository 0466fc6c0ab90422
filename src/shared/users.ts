import { z } from 'zod';
import { emailSchema } from './auth.ts';

import { ROLES } from './roles.ts';

export * from './roles.ts';

/** A user as GET /api/users lists them (docs/product.md §3: _id, name, email, role). */
export const userSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
});
export type User = z.infer<typeof userSchema>;

/** POST /api/users after sign-up and social sign-in: the caller's own name and e-mail. */
export const registerUserSchema = z.object({
  name: z.string().trim().min(1).max(100),
  email: emailSchema,
});
export const registerUserResultSchema = z.object({
  /** The user's id the first time, null when the user was already recorded (as the spec's server). */
  insertedId: z.string().nullable(),
  message: z.string().optional(),
});

/** GET /api/users/admin/{email}: the spec's `admin` flag, and the caller's role (staff see the order board). */
export const adminLookupSchema = z.object({ admin: z.boolean(), role: z.enum(ROLES) });

/** PATCH /api/users/role/{id}: an administrator makes a user staff or takes it back. */
export const ASSIGNABLE_ROLES = ['user', 'staff'] as const satisfies readonly (typeof ROLES)[number][];
export const roleChangeSchema = z.object({ role: z.enum(ASSIGNABLE_ROLES) });
export type RoleChange = z.infer<typeof roleChangeSchema>;
export const modifiedCountSchema = z.object({ modifiedCount: z.number().int() });
export const deletedCountSchema = z.object({ deletedCount: z.number().int() });

/**
 * GET /api/users' query (Manage Users): `q` finds a part of the name or e-mail, any case; `limit`
 * pages the list (`page` from 1). Without `limit` every match is listed, as the spec's call did.
 * The number of matches is in the answer's X-Total-Count header.
 */
export const USERS_PAGE_SIZE = 20;
export const userListQuerySchema = z.strictObject({
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;
export const USERS_TOTAL_HEADER = 'x-total-count';
