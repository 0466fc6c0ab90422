import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * An order's signed link (decision 0047): `<order id>.<signature>`, the signature an HMAC-SHA256
 * (its first 128 bits) over the id with a key of its own derived from the shop's secret. It opens
 * that order only, so a guest whose session has gone still follows it, and nobody guesses another.
 */
const SIGNATURE_LENGTH = 22;
const TOKEN_SHAPE = /^([0-9a-f-]{36})\.([\w-]{22})$/;

export class OrderLinks {
  private readonly key: Buffer;

  constructor(secret: string) {
    // Apart from the session's, the access token's and the table links' keys: no token passes for another.
    this.key = createHash('sha256').update(`order-link:${secret}`).digest();
  }

  sign(orderId: string): string {
    return `${orderId}.${this.signature(orderId)}`;
  }

  /** The order a well-formed, correctly signed token names; undefined otherwise. */
  read(token: string): string | undefined {
    const match = TOKEN_SHAPE.exec(token);
    if (!match) return undefined;
    const [, orderId, signature] = match as unknown as [string, string, string];
    const expected = Buffer.from(this.signature(orderId));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected) ? orderId : undefined;
  }

  private signature(orderId: string): string {
    return createHmac('sha256', this.key).update(orderId).digest('base64url').slice(0, SIGNATURE_LENGTH);
  }
}
