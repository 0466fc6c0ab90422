import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A table link's token: `<table id>.<code version>.<signature>`, the signature an HMAC-SHA256
 * (its first 128 bits) over the id and version with a key of its own derived from the shop's
 * secret. Nothing is stored per link: the owner can print the sheet again at any time, and
 * raising the table's version (regenerate) or deleting the table ends every older link.
 */
const SIGNATURE_LENGTH = 22;
const TOKEN_SHAPE = /^([0-9a-f-]{36})\.([1-9][0-9]{0,8})\.([\w-]{22})$/;

export class TableLinks {
  private readonly key: Buffer;

  constructor(secret: string) {
    // Derived apart from the session's and the access token's keys, so no token passes for another.
    this.key = createHash('sha256').update(`table-link:${secret}`).digest();
  }

  sign(tableId: string, version: number): string {
    return `${tableId}.${version}.${this.signature(tableId, version)}`;
  }

  /** The table and version a well-formed, correctly signed token names; undefined otherwise. */
  read(token: string): { tableId: string; version: number } | undefined {
    const match = TOKEN_SHAPE.exec(token);
    if (!match) return undefined;
    const [, tableId, versionText, signature] = match as unknown as [string, string, string, string];
    const version = Number(versionText);
    const expected = Buffer.from(this.signature(tableId, version));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected) ? { tableId, version } : undefined;
  }

  private signature(tableId: string, version: number): string {
    return createHmac('sha256', this.key).update(`${tableId}.${version}`).digest('base64url').slice(0, SIGNATURE_LENGTH);
  }
}
