import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { SAVED_ADDRESS_TEXTS, SAVED_ADDRESSES_MAX, type SavedAddress, type SavedAddressInput } from '../../shared/saved-addresses.ts';
import type { Database } from '../db/schema.ts';
import { ConflictError, NotFoundError } from '../http/errors.ts';
import { deleteAddressRow, findAddressRow, insertAddressRow, listAddressRows, updateAddressRow, type SavedAddressRow } from './addresses-repository.ts';

function toSavedAddress(row: SavedAddressRow): SavedAddress {
  return {
    id: row.id,
    address: { line1: row.line1, ...(row.line2 ? { line2: row.line2 } : {}), city: row.city, postalCode: row.postal_code },
    phone: row.phone,
    createdAt: row.created_at,
    usedAt: row.used_at,
  };
}

function fieldsOf(input: SavedAddressInput, now: string) {
  const { line1, line2, city, postalCode } = input.address;
  return { line1, line2: line2 || null, city, postal_code: postalCode, phone: input.phone, used_at: now };
}

/** The same place however it was typed: case, spaces and dashes aside. */
const sameText = (a: string | null, b: string | null) => (a ?? '').toLowerCase().replace(/[\s-]+/g, '') === (b ?? '').toLowerCase().replace(/[\s-]+/g, '');
const samePlace = (row: SavedAddressRow, fields: ReturnType<typeof fieldsOf>) =>
  sameText(row.line1, fields.line1) && sameText(row.line2, fields.line2) && sameText(row.city, fields.city) && sameText(row.postal_code, fields.postal_code);

/**
 * The caller's saved delivery addresses (app.savedAddresses, addresses-plugin.ts). Every call takes the
 * owner from the session: an id of another customer's address is as unknown as one never made (404).
 */
export class AddressesService {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  async listOwn(userId: string): Promise<SavedAddress[]> {
    return (await listAddressRows(this.db, userId)).map(toSavedAddress);
  }

  /**
   * Saves an address; one already saved (the same place) takes the new phone and moves to the top
   * instead of being saved twice. Answers it and whether it is new. 409 past SAVED_ADDRESSES_MAX.
   */
  async save(userId: string, input: SavedAddressInput): Promise<{ address: SavedAddress; created: boolean }> {
    const now = new Date().toISOString();
    const fields = fieldsOf(input, now);
    const rows = await listAddressRows(this.db, userId);
    const same = rows.find((row) => samePlace(row, fields));
    if (same) {
      await updateAddressRow(this.db, userId, same.id, fields);
      return { address: toSavedAddress({ ...same, ...fields }), created: false };
    }
    if (rows.length >= SAVED_ADDRESSES_MAX) throw new ConflictError(SAVED_ADDRESS_TEXTS.full);
    const row: SavedAddressRow = { id: randomUUID(), user_id: userId, created_at: now, ...fields };
    await insertAddressRow(this.db, row);
    return { address: toSavedAddress(row), created: true };
  }

  async update(userId: string, id: string, input: SavedAddressInput): Promise<SavedAddress> {
    const changed = await updateAddressRow(this.db, userId, id, fieldsOf(input, new Date().toISOString()));
    const row = changed > 0 ? await findAddressRow(this.db, userId, id) : undefined;
    if (!row) throw new NotFoundError(SAVED_ADDRESS_TEXTS.notFound);
    return toSavedAddress(row);
  }

  async remove(userId: string, id: string): Promise<void> {
    if ((await deleteAddressRow(this.db, userId, id)) === 0) throw new NotFoundError(SAVED_ADDRESS_TEXTS.notFound);
  }
}
