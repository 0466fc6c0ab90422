import { betterAuth } from 'better-auth';
import { anonymous } from 'better-auth/plugins/anonymous';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { RESET_LINK_MINUTES } from '../../shared/account-constants.ts';
import { PASSWORD_MAX, PASSWORD_MIN, SOCIAL_PROVIDER_ID } from '../../shared/auth.ts';
import { trustedOrigins, type Config } from '../config.ts';
import type { DbKind } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { headersLanguage } from '../i18n/request-language.ts';

const DAY_SECONDS = 24 * 60 * 60;

/** What Better Auth hands to the shop's mail (src/server/account/account-service.ts). */
export interface AuthMailHooks {
  queuePasswordReset(user: { id: string; name: string; email: string }, token: string): Promise<void>;
  sendVerification(user: { id: string; name: string; email: string }): Promise<unknown>;
  /** A reset link reached its owner: the address is theirs. */
  passwordWasReset(user: { id: string; email: string }): Promise<void>;
}

export interface AuthOptions {
  mail: AuthMailHooks;
  /** A guest's session signed up or in: its orders become the account's (account-service.ts, keepGuestOrders). */
  guestLinked(guestId: string, user: { id: string; email: string }): Promise<void>;
  config: Config;
  db: Kysely<Database>;
  dbKind: DbKind;
  secret: string;
  log: FastifyBaseLogger;
}

/**
 * Better Auth's error lines that mean the shop itself failed (its database, its mail, its identity
 * provider's discovery, its configuration). Its other errors are what a request sent (a forged
 * callback's state or code, an unknown provider), so they go at warn: a stranger must not set off
 * the alerts tied to errors, and a request that fails answers 5xx, whose line is at error.
 */
const SHOP_FAULTS = /database|failed to (create|read|delete|send|run)|unable to (create|update|query)|unable_to_(create|update)|discovery|jwks|internal_server_error|n't enabled|not enabled|is disabled|missing user/i;

/** The level of one of Better Auth's lines in the shop's log (docs/security.md, "Logs"). */
export function betterAuthLevel(level: 'info' | 'warn' | 'error' | 'debug', message: string): 'info' | 'warn' | 'error' | 'debug' {
  return level === 'error' && !SHOP_FAULTS.test(message) ? 'warn' : level;
}

/**
 * Better Auth over the shop's database: e-mail and password accounts, sessions in the `sessions`
 * table, and social sign-in through OpenID Connect when a client id is configured. Passwords are
 * hashed with scrypt in Node's thread pool (Better Auth's default on Node), so hashing never
 * blocks the event loop. The role is a field no request body can set (`input: false`).
 */
export function createAuth({ config, db, dbKind, secret, log, mail, guestLinked }: AuthOptions) {
  const socialConfigured = Boolean(config.OIDC_CLIENT_ID);
  return betterAuth({
    appName: 'Raw Roots',
    secret,
    basePath: '/api/auth',
    // Always the shop's own address, never a request's Host (docs/security.md, "Host, logs, caches
    // and the smaller findings"): its redirects and trusted origin follow from it.
    baseURL: config.publicOrigin,
    trustedOrigins: trustedOrigins(config),
    database: { db, type: dbKind },
    // The shop's own limits (in the database, shared by all processes) guard these routes.
    rateLimit: { enabled: false },
    logger: { log: (level, message, ...args) => log[betterAuthLevel(level, message)]({ args }, `auth: ${message}`) },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      // Better Auth makes the single-use token (in `verifications`) and checks it at
      // /reset-password; the shop only queues the mail, whose link opens the web app's page.
      sendResetPassword: async ({ user, token }) => mail.queuePasswordReset(user, token),
      resetPasswordTokenExpiresIn: RESET_LINK_MINUTES * 60,
      revokeSessionsOnPasswordReset: true,
      onPasswordReset: async ({ user }) => mail.passwordWasReset(user),
    },
    // The link that confirms an address is the shop's own (single-use, account/link-tokens.ts);
    // Better Auth only says when to send it: after an e-mail sign-up.
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      sendVerificationEmail: async ({ user }) => void (await mail.sendVerification(user)),
    },
    session: {
      modelName: 'sessions',
      expiresIn: 7 * DAY_SECONDS,
      updateAge: DAY_SECONDS,
      fields: {
        expiresAt: 'expires_at',
        ipAddress: 'ip_address',
        userAgent: 'user_agent',
        userId: 'user_id',
        createdAt: 'created_at',
        updatedAt: 'updated_at',
      },
    },
    user: {
      modelName: 'users',
      fields: { emailVerified: 'email_verified', createdAt: 'created_at', updatedAt: 'updated_at' },
      additionalFields: {
        role: { type: 'string', required: false, defaultValue: 'user', input: false },
        language: { type: 'string', required: false, input: false },
      },
    },
    account: {
      modelName: 'accounts',
      fields: {
        accountId: 'account_id',
        providerId: 'provider_id',
        userId: 'user_id',
        accessToken: 'access_token',
        refreshToken: 'refresh_token',
        idToken: 'id_token',
        accessTokenExpiresAt: 'access_token_expires_at',
        refreshTokenExpiresAt: 'refresh_token_expires_at',
        createdAt: 'created_at',
        updatedAt: 'updated_at',
      },
      // A social sign-in joins an account made with a password only once that account's address
      // is confirmed: before that, whoever signed up first with the address could be a stranger
      // waiting for its owner (Better Auth links only to verified local accounts).
      accountLinking: { enabled: true, trustedProviders: [], requireLocalEmailVerified: true },
    },
    verification: {
      modelName: 'verifications',
      fields: { expiresAt: 'expires_at', createdAt: 'created_at', updatedAt: 'updated_at' },
    },
    databaseHooks: {
      user: {
        create: {
          // Every new account is a customer, whatever path created it; only an administrator
          // (or the admin:promote command) makes an administrator. The anonymous plugin's users are
          // guests, begun only through a table's link (authenticate.ts beginGuest, decision 0047).
          // Its mails are written in the language the visitor read the shop in (the verification
          // mail already).
          before: async (user, context) => ({
            data: {
              ...user,
              role: (user as { isAnonymous?: boolean }).isAnonymous === true ? 'guest' : 'user',
              language: headersLanguage(context?.headers?.get('cookie'), context?.headers?.get('accept-language')),
            },
          }),
        },
      },
    },
    advanced: {
      cookiePrefix: 'raw-roots',
      useSecureCookies: config.NODE_ENV === 'production',
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      ipAddress: { ipAddressHeaders: config.TRUST_PROXY ? ['x-forwarded-for'] : [] },
    },
    plugins: [
      // Reached only through POST /api/tables/:token/guest: no route forwards
      // /api/auth/sign-in/anonymous, so only a table's valid link begins a guest.
      anonymous({
        schema: { user: { fields: { isAnonymous: 'is_anonymous' } } },
        generateName: (ctx) => guestName((ctx as { body?: unknown }).body),
        // "Create an account" keeps the order: the guest's orders move before the guest is erased,
        // which the shop's own deletion does (it settles an open intent first), not the plugin's.
        disableDeleteAnonymousUser: true,
        onLinkAccount: async ({ anonymousUser, newUser }) => {
          if ((newUser.user as { isAnonymous?: boolean }).isAnonymous === true) return;
          await guestLinked(anonymousUser.user.id, { id: newUser.user.id, email: newUser.user.email });
        },
      }),
      ...(socialConfigured
        ? [
            genericOAuth({
              config: [
                {
                  providerId: SOCIAL_PROVIDER_ID,
                  discoveryUrl: `${config.OIDC_ISSUER.replace(/\/+$/, '')}/.well-known/openid-configuration`,
                  clientId: config.OIDC_CLIENT_ID!,
                  clientSecret: config.OIDC_CLIENT_SECRET,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
    ],
  });
}

/** The name the begin call checked (guestBeginSchema) and handed on in its body. */
function guestName(body: unknown): string {
  const name = (body as { name?: unknown } | undefined)?.name;
  return typeof name === 'string' && name !== '' ? name : 'Guest';
}

export type Auth = ReturnType<typeof createAuth>;
