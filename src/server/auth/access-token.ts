import { createHash } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

/**
 * The bearer token of POST /api/jwt: a JSON Web Token (HS256, signed and checked by jose) naming
 * the user and the session it was issued from. The signature alone is not enough to accept it: the
 * session must still exist (see authenticate.ts), so signing out or deleting the user ends every
 * token of that session.
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

/**
 * Three base64url parts, the last an HS256 signature: 32 bytes, 43 characters whose last two bits
 * are zero. jose decodes the signature leniently (`=`, spaces, those two bits), so without this
 * check one token would have several spellings that all pass; a longer (HS384, HS512) one is refused here too.
 */
const TOKEN_SHAPE = /^[\w-]+\.[\w-]+\.[\w-]{42}[AEIMQUYcgkosw048]$/;

export class AccessTokens {
  private readonly key: Uint8Array;
  /**
   * Tokens whose signature and claims were checked, with their claims: a token cannot change, so
   * it is checked once (jose's check goes through WebCrypto, asynchronously, at every signed-in
   * request otherwise); its expiry is still checked at each use.
   */
  private readonly verified = new Map<string, AccessTokenClaims>();
  constructor(secret: string) {
    // A key of its own, derived from the shared secret, so a token can never pass for a cookie.
    this.key = createHash('sha256').update(`access-token:${secret}`).digest();
  }

  sign(claims: Omit<AccessTokenClaims, 'iat'>, now = Date.now()): Promise<string> {
    return new SignJWT({ sid: claims.sid, email: claims.email })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuedAt(Math.floor(now / 1000))
      .setExpirationTime(claims.exp)
      .sign(this.key);
  }

  /** The claims of a well-formed, correctly signed, unexpired token; otherwise undefined. */
  async verify(token: string, now = Date.now()): Promise<AccessTokenClaims | undefined> {
    let claims = this.verified.get(token);
    if (claims === undefined) {
      claims = await this.check(token, now);
      if (claims === undefined) return undefined;
      if (this.verified.size >= MAX_REMEMBERED) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, Object.freeze(claims));
    }
    return claims.exp * 1000 <= now ? undefined : claims;
  }

  /** Shape, signature (HS256 only: jose refuses `none` and any other algorithm), expiry and claims. */
  private async check(token: string, now: number): Promise<AccessTokenClaims | undefined> {
    if (!TOKEN_SHAPE.test(token)) return undefined;
    const verified = await jwtVerify(token, this.key, { algorithms: ['HS256'], currentDate: new Date(now) }).catch(() => undefined);
    if (!verified) return undefined;
    const { sub, sid, email, iat, exp } = verified.payload;
    if (typeof sub !== 'string' || typeof sid !== 'string' || typeof email !== 'string' || typeof iat !== 'number' || typeof exp !== 'number') {
      return undefined;
    }
    return { sub, sid, email, iat, exp };
  }
}
