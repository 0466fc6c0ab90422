import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The bearer token of POST /api/jwt: a JSON Web Token (HS256) naming the user and the session it
 * was issued from. The signature alone is not enough to accept it: the session must still exist
 * (see authenticate.ts), so signing out or deleting the user ends every token of that session.
 */
export interface AccessTokenClaims {
  sub: string;
  sid: string;
  email: string;
  iat: number;
  exp: number;
}

/** How many verified tokens are remembered at most (the oldest go first). */
const MAX_REMEMBERED = 20_000;

export class AccessTokens {
  private readonly key: Buffer;
  /**
   * Tokens whose signature and claims were checked, with their claims: a token cannot change, so
   * it is checked once (an HMAC and two JSON parses per request were a share of every signed-in
   * read: docs/performance.md); its expiry is still checked at each use.
   */
  private readonly verified = new Map<string, AccessTokenClaims>();
  constructor(secret: string) {
    // A key of its own, derived from the shared secret, so a token can never pass for a cookie.
    this.key = createHash('sha256').update(`access-token:${secret}`).digest();
  }

  sign(claims: Omit<AccessTokenClaims, 'iat'>, now = Date.now()): string {
    const header = encode({ alg: 'HS256', typ: 'JWT' });
    const payload = encode({ ...claims, iat: Math.floor(now / 1000) });
    return `${header}.${payload}.${this.signature(`${header}.${payload}`)}`;
  }

  /** The claims of a well-formed, correctly signed, unexpired token; otherwise undefined. */
  verify(token: string, now = Date.now()): AccessTokenClaims | undefined {
    let claims = this.verified.get(token);
    if (claims === undefined) {
      claims = this.check(token);
      if (claims === undefined) return undefined;
      if (this.verified.size >= MAX_REMEMBERED) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, Object.freeze(claims));
    }
    return claims.exp * 1000 <= now ? undefined : claims;
  }

  /** Signature and claims, without the expiry. */
  private check(token: string): AccessTokenClaims | undefined {
    const parts = token.split('.');
    if (parts.length !== 3) return undefined;
    const [header, payload, signature] = parts as [string, string, string];
    const expected = Buffer.from(this.signature(`${header}.${payload}`));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    const head = decode(header);
    if (head?.alg !== 'HS256') return undefined;
    const claims = decode(payload);
    if (
      !claims ||
      typeof claims.sub !== 'string' ||
      typeof claims.sid !== 'string' ||
      typeof claims.email !== 'string' ||
      typeof claims.exp !== 'number' ||
      typeof claims.iat !== 'number'
    ) {
      return undefined;
    }
    return claims as unknown as AccessTokenClaims;
  }

  private signature(input: string): string {
    return createHmac('sha256', this.key).update(input).digest('base64url');
  }
}

function encode(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function decode(part: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
