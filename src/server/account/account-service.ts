import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  DELETED_CUSTOMER_NAME,
  EMAIL_CHANGE_LINK_MINUTES,
  INVALID_LINK_MESSAGE,
  RESET_LINK_MINUTES,
  VERIFY_LINK_HOURS,
  type Device,
  type Preferences,
  type Profile,
} from '../../shared/account.ts';
import { FINAL_STATUSES, type Fulfilment } from '../../shared/orders.ts';
import { ACCOUNT_PAYMENT_UNSETTLED_MESSAGE } from '../../shared/payment-constants.ts';
import { paths } from '../../shared/paths.ts';
import type { Role } from '../../shared/roles.ts';
import type { Auth } from '../auth/auth-instance.ts';
import { countRequest } from '../auth/rate-limit-store.ts';
import { toDate } from '../auth/session-repository.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { BadRequestError, ConflictError, HttpError, NotFoundError, TooManyRequestsError } from '../http/errors.ts';
import { SHOP_LANGUAGES } from '../i18n/request-language.ts';
import type { MailQueue } from '../mail/mail-queue.ts';
import { setRoleByEmail } from '../users/user-repository.ts';
import {
  countOpenOrdersOf,
  countUnsettledIntentsOf,
  deleteLinkTokensOf,
  deleteLinkTokensOfUser,
  deleteOtherSessions,
  deleteUserRow,
  eraseOrderCustomer,
  erasePaymentsOf,
  eraseStaffNameOf,
  findProfileRow,
  findUserByEmail,
  insertCredentialAccount,
  isEmailVerified,
  listIdleGuests,
  moveGuestOrders,
  listOrderFulfilmentsOf,
  listSessionsOf,
  listSignInAccounts,
  markEmailVerified,
  setEmail,
  setLanguage,
  setOrderStatusMails,
} from './account-repository.ts';
import { deviceName } from './device-name.ts';

/** A guest who has not paid within a day of its table link is gone (decision 0047). */
const GUEST_IDLE_MS = 24 * 60 * 60 * 1000;
import { issueLinkToken, resetLinkUserId, takeLink } from './link-tokens.ts';
import { say } from '../i18n/wording.ts';

const HOUR_MS = 60 * 60_000;
/** A second captcha mail within a minute is not sent: the first is on its way. */
const CAPTCHA_MAIL_GAP_MS = 60_000;

/** Who is asking, as the routes know them. */
export interface AccountUser {
  id: string;
  name: string;
  email: string;
  sessionId: string;
}

interface Logger {
  info(obj: unknown, msg: string): void;
}

/**
 * The account's rules (docs/decisions/0020-mail-and-accounts.md): the links mailed for a reset,
 * a verification and an e-mail change, the profile, signed-in devices, the data export and the
 * deletion that keeps orders for the books without the person in them.
 */
export class AccountService {
  private readonly db: Kysely<Database>;
  private readonly mail: MailQueue;
  private readonly config: Config;
  private readonly log: Logger;
  /** Settles the account's payments with the provider before it goes (the payments' own rules). */
  private readonly settlePayments: (userId: string) => Promise<void>;
  /** Set once Better Auth exists (it is made with this service's mail hooks). */
  auth!: Auth;

  constructor(options: { db: Kysely<Database>; mail: MailQueue; config: Config; log: Logger; settlePayments: (userId: string) => Promise<void> }) {
    this.settlePayments = options.settlePayments;
    this.db = options.db;
    this.mail = options.mail;
    this.config = options.config;
    this.log = options.log;
  }

  /**
   * The shop's address for links in mails: PUBLIC_URL's origin alone, never a request's Host, which
   * anyone can set (a reset link to the attacker's host would hand them the token).
   */
  origin(): string {
    return this.config.publicOrigin;
  }

  /**
   * Refuses a mail to an address that has had its share this hour, whoever asks and from
   * wherever: nobody can fill someone's inbox with links. Counted before anything else is done.
   */
  async limitMailsTo(email: string): Promise<void> {
    const { current, ttl } = await countRequest(this.db, `mail|to:${email}`, HOUR_MS);
    if (current > this.config.RATE_LIMIT_MAIL_PER_RECIPIENT) {
      throw new TooManyRequestsError(Math.ceil(ttl / 1000), say('error.account.tooManyMails', { minutes: Math.ceil(ttl / 60_000) }));
    }
  }

  /**
   * Whether a mail of `kind` (a reset link, a captcha's characters) for `email`, asked from
   * `address`, goes now. Strangers must not lock the owner out (decision 0043): the hourly share
   * is counted per e-mail and client address (429 beyond, for that address only), and the inbox
   * gets at most one such mail per `gapMs` whoever asks; one asked within the gap is not sent,
   * and the caller answers alike.
   */
  async mailDue(kind: 'reset' | 'captcha', email: string, address: string, gapMs: number): Promise<boolean> {
    const fromHere = await countRequest(this.db, `mail|${kind}:${email}|from:${address}`, HOUR_MS);
    if (fromHere.current > this.config.RATE_LIMIT_MAIL_PER_RECIPIENT) {
      throw new TooManyRequestsError(Math.ceil(fromHere.ttl / 1000), say('error.account.tooManyMails', { minutes: Math.ceil(fromHere.ttl / 60_000) }));
    }
    const inGap = await countRequest(this.db, `mail|${kind}:${email}`, gapMs);
    return inGap.current === 1;
  }

  /** A password reset's link is due (mailDue): at most one per RESET_MAIL_GAP_SECONDS. */
  resetMailDue(email: string, address: string): Promise<boolean> {
    return this.mailDue('reset', email, address, this.config.RESET_MAIL_GAP_SECONDS * 1000);
  }

  /**
   * The login captcha's characters to the account of `email`, if there is one (nothing otherwise,
   * and the caller answers alike); at most one such mail a minute (mailDue).
   */
  async mailCaptcha(email: string, characters: string, address: string): Promise<void> {
    this.assertMailOn();
    if (!(await this.mailDue('captcha', email, address, CAPTCHA_MAIL_GAP_MS))) return;
    const user = await findUserByEmail(this.db, email);
    if (!user) return;
    await this.mail.enqueue({
      key: `captcha-code:${randomUUID()}`,
      userId: user.id,
      to: user.email,
      mail: { template: 'captcha-code', data: { name: user.name, characters } },
    });
  }

  /** A link that cannot be mailed would wait for ever: say so at once (409: the shop's state, not a fault). */
  private assertMailOn(): void {
    if (!this.mail.enabled) throw new HttpError(409, 'MAIL_DISABLED', say('error.account.mailDisabled'));
  }

  // Password reset (Better Auth makes the token; this only mails it) ------------------------------

  /** Better Auth's sendResetPassword: queues the mail (a row), never sends while the request waits. */
  async queuePasswordReset(user: { id: string; name: string; email: string }, token: string): Promise<void> {
    const link = `${this.origin()}${paths.resetPassword}?token=${encodeURIComponent(token)}`;
    await this.mail.enqueue({
      key: `password-reset:${token}`,
      userId: user.id,
      to: user.email,
      mail: { template: 'password-reset', data: { name: user.name, link, validMinutes: RESET_LINK_MINUTES } },
    });
  }

  /** Whose account a reset link (Better Auth's) resets, while it is still valid. */
  async resetLinkUserId(token: string): Promise<string | undefined> {
    return resetLinkUserId(this.db, token);
  }

  // Verified address ------------------------------------------------------------------------------

  /** Mails a link that confirms the account's address; an earlier unused one stops working. */
  async sendVerification(user: { id: string; name: string; email: string }): Promise<boolean> {
    await deleteLinkTokensOf(this.db, 'verify-email:', user.id);
    const token = await issueLinkToken(this.db, 'verify-email', { userId: user.id, email: user.email }, VERIFY_LINK_HOURS * HOUR_MS);
    const link = `${this.origin()}${paths.verifyEmail}?token=${encodeURIComponent(token)}`;
    return this.mail.enqueue({
      key: `verify-email:${token}`,
      userId: user.id,
      to: user.email,
      mail: { template: 'verify-email', data: { name: user.name, link, validHours: VERIFY_LINK_HOURS } },
    });
  }

  /** "Send again" from the dashboard. */
  async resendVerification(user: AccountUser): Promise<{ sent: boolean; message: string }> {
    const profile = await this.profile(user.id);
    if (profile.emailVerified) return { sent: false, message: 'Your e-mail address is confirmed already.' };
    this.assertMailOn();
    await this.limitMailsTo(profile.email);
    await this.sendVerification(profile);
    return { sent: true, message: `We sent a new link to ${profile.email}.` };
  }

  /** A reset link reached the account's inbox: that proves the address as well as a verification link. */
  async markVerified(userId: string, email: string): Promise<number> {
    return markEmailVerified(this.db, userId, email, new Date().toISOString());
  }

  /** Whether the account's address is known to be right (a payment may wait for it: REQUIRE_EMAIL_VERIFICATION). */
  async isEmailVerified(userId: string): Promise<boolean> {
    return isEmailVerified(this.db, userId);
  }

  async verifyEmail(token: string): Promise<void> {
    const link = await takeLink<{ userId: string; email: string }>(this.db, 'verify-email', token);
    // A link made for an address the account no longer has confirms nothing.
    if (!link || (await markEmailVerified(this.db, link.userId, link.email, new Date().toISOString())) === 0) throw invalidLink();
  }

  // Profile ---------------------------------------------------------------------------------------

  async profile(userId: string): Promise<Profile> {
    const [row, signIns] = await Promise.all([findProfileRow(this.db, userId), listSignInAccounts(this.db, userId)]);
    if (!row) throw new NotFoundError(say('error.account.notFound'));
    const social = signIns.find((a) => a.provider_id !== 'credential');
    return {
      id: row.id,
      name: row.name,
      email: row.email,
      emailVerified: Boolean(row.email_verified),
      role: row.role as Role,
      hasPassword: signIns.some((a) => a.provider_id === 'credential' && a.password),
      socialSignIn: social ? this.config.OIDC_PROVIDER_NAME : null,
      orderStatusMails: Boolean(row.order_status_mails),
      language: row.language,
      createdAt: toDate(row.created_at).toISOString(),
    };
  }

  /** Changes what is sent; a language the shop does not speak changes nothing. */
  async setPreferences(userId: string, { orderStatusMails, language }: Preferences): Promise<Profile> {
    if (language !== undefined && !SHOP_LANGUAGES.includes(language)) {
      const message = `Choose one of the shop’s languages: ${SHOP_LANGUAGES.join(', ')}`;
      throw new BadRequestError(message, { language: [message] });
    }
    const now = new Date().toISOString();
    if (orderStatusMails !== undefined) await setOrderStatusMails(this.db, userId, orderStatusMails, now);
    if (language !== undefined) await setLanguage(this.db, userId, language, now);
    return this.profile(userId);
  }

  // E-mail change ---------------------------------------------------------------------------------

  /**
   * Mails a link to the new address; nothing changes until it is used. The current password is
   * asked when the account has one, so a session left open on a shared computer cannot move the
   * account to another address (and then reset its password from there).
   */
  async requestEmailChange(user: AccountUser, newEmail: string, currentPassword: string | undefined): Promise<{ sent: boolean; message: string }> {
    const profile = await this.profile(user.id);
    this.assertMailOn();
    if (newEmail === profile.email) throw new BadRequestError(say('error.account.sameAddress'), { newEmail: [say('error.account.sameAddress')] });
    if (profile.hasPassword) await this.checkPassword(user.id, currentPassword, 'currentPassword');
    if (await findUserByEmail(this.db, newEmail)) {
      throw new ConflictError(say('error.account.addressTaken'));
    }
    await this.limitMailsTo(newEmail);
    await deleteLinkTokensOf(this.db, 'change-email:', user.id);
    const token = await issueLinkToken(this.db, 'change-email', { userId: user.id, newEmail }, EMAIL_CHANGE_LINK_MINUTES * 60_000);
    const link = `${this.origin()}${paths.confirmEmail}?token=${encodeURIComponent(token)}`;
    await this.mail.enqueue({
      key: `change-email:${token}`,
      userId: user.id,
      to: newEmail,
      mail: { template: 'email-change-confirm', data: { name: profile.name, link, newEmail, validMinutes: EMAIL_CHANGE_LINK_MINUTES } },
    });
    return { sent: true, message: `We sent a link to ${newEmail}. Your address changes when you open it.` };
  }

  /** The link from the new address: the change is made, and the old address is told. */
  async confirmEmailChange(token: string): Promise<{ email: string }> {
    const now = new Date().toISOString();
    const result = await this.db.transaction().execute(async (trx) => {
      const link = await takeLink<{ userId: string; newEmail: string }>(trx, 'change-email', token);
      if (!link) throw invalidLink();
      const before = await findProfileRow(trx, link.userId);
      if (!before) throw invalidLink();
      if (await findUserByEmail(trx, link.newEmail)) throw new ConflictError(say('error.account.addressTakenMeanwhile'));
      await setEmail(trx, link.userId, link.newEmail, now);
      await this.mail.enqueue(
        {
          key: `email-changed:${token}`,
          userId: link.userId,
          to: before.email,
          mail: { template: 'email-changed', data: { name: before.name, newEmail: link.newEmail } },
        },
        trx,
      );
      return { email: link.newEmail };
    });
    this.mail.wake();
    return result;
  }

  // Administrators made by the shop -----------------------------------------------------------------

  /**
   * An administrator made by whoever runs the shop (the first start's, or `npm run admin:create`),
   * with a generated password to show once. The address counts as confirmed, since the person who
   * runs the shop chose it, so no link is mailed and no banner asks for one.
   */
  async createAdministrator(email: string, name: string): Promise<{ email: string; password: string }> {
    const address = email.trim().toLowerCase();
    if (!z.email().safeParse(address).success) throw new BadRequestError(`"${email}" is not an e-mail address`);
    if (await findUserByEmail(this.db, address)) {
      throw new ConflictError(`An account with the e-mail ${address} exists already: make it an administrator with npm run admin:promote -- ${address}`);
    }
    const context = await this.auth.$context;
    const password = randomBytes(15).toString('base64url');
    const user = await context.internalAdapter.createUser({ name, email: address, emailVerified: true }, { method: 'admin' });
    await insertCredentialAccount(this.db, { id: randomUUID(), userId: user.id, passwordHash: await context.password.hash(password), now: new Date().toISOString() });
    await setRoleByEmail(this.db, address, 'admin');
    return { email: address, password };
  }

  // Passwords -------------------------------------------------------------------------------------

  /** A first password for an account made by social sign-in (one with a password changes it instead). */
  async setPassword(user: AccountUser, newPassword: string): Promise<void> {
    const signIns = await listSignInAccounts(this.db, user.id);
    if (signIns.some((a) => a.provider_id === 'credential')) {
      throw new ConflictError(say('error.account.hasPassword'));
    }
    const context = await this.auth.$context;
    const now = new Date().toISOString();
    await insertCredentialAccount(this.db, { id: randomUUID(), userId: user.id, passwordHash: await context.password.hash(newPassword), now });
  }

  private async checkPassword(userId: string, password: string | undefined, field: string): Promise<void> {
    if (!password) throw new BadRequestError(say('error.account.enterCurrentPassword'), { [field]: [say('error.account.enterCurrentPassword')] });
    const credential = (await listSignInAccounts(this.db, userId)).find((a) => a.provider_id === 'credential' && a.password);
    const context = await this.auth.$context;
    const right = credential?.password ? await context.password.verify({ hash: credential.password, password }) : false;
    if (!right) throw new BadRequestError(say('error.account.wrongPassword'), { [field]: [say('error.account.wrongPassword')] });
  }

  // Devices ---------------------------------------------------------------------------------------

  async devices(user: AccountUser): Promise<Device[]> {
    const rows = await listSessionsOf(this.db, user.id, new Date());
    return rows
      .map((row) => ({
        id: row.id,
        current: row.id === user.sessionId,
        device: deviceName(row.user_agent),
        ipAddress: row.ip_address,
        signedInAt: toDate(row.created_at).toISOString(),
        lastActiveAt: toDate(row.updated_at).toISOString(),
      }))
      .sort((a, b) => Number(b.current) - Number(a.current));
  }

  async signOutOthers(user: AccountUser): Promise<number> {
    return deleteOtherSessions(this.db, user.id, user.sessionId);
  }

  // Deletion --------------------------------------------------------------------------------------

  /**
   * Deletes the caller's account after checking the password (or the typed word, for an account
   * without one). An order still on its way keeps the account: the kitchen needs the address and
   * phone until it is done.
   */
  async deleteOwn(user: AccountUser, confirmation: { password?: string | undefined; confirm?: string | undefined }): Promise<void> {
    const profile = await this.profile(user.id);
    if (profile.hasPassword) await this.checkPassword(user.id, confirmation.password, 'password');
    else if (!confirmation.confirm) throw new BadRequestError(say('error.account.typeDelete'), { confirm: [say('error.account.typeDelete')] });
    await this.erase(user.id);
    this.log.info({ user: user.id }, 'account deleted by its owner');
  }

  /**
   * Removes a person from the shop in one transaction: the account and all that hangs on it
   * (sessions, sign-ins, cart, queued mails, links); their orders and payments stay for the
   * restaurant's books without name, e-mail, phone, address or note; a staff member's name leaves
   * the order timelines. Answers how many accounts were deleted (0 or 1). An administrator's
   * delete is not held back by an open order: they chose to remove the account now. A payment
   * the provider took is recorded first (an order of it then holds a customer's own delete); one
   * not settled yet holds every delete, as its intent would go with the account (docs/accounts.md).
   */
  /**
   * Deletes the guests begun more than a day before `now` who never paid, with their sessions and
   * carts (decision 0047); one whose payment is not settled yet stays for the next run.
   */
  async eraseIdleGuests(now = new Date()): Promise<number> {
    let erased = 0;
    for (const id of await listIdleGuests(this.db, new Date(now.getTime() - GUEST_IDLE_MS).toISOString())) {
      erased += await this.erase(id).catch((error: unknown) => {
        if (error instanceof ConflictError) return 0;
        throw error;
      });
    }
    return erased;
  }

  /**
   * "Create an account" on a guest's order page (decision 0047): Better Auth's anonymous plugin
   * calls this when the guest's session signs up or in. The guest's orders and payments move to the
   * account in one transaction (a payment confirmed but not yet recorded is recorded first), then
   * the guest is erased; one whose open intent is unsettled stays for the hourly clean-up.
   */
  async keepGuestOrders(guestId: string, user: { id: string; email: string }): Promise<void> {
    await this.settlePayments(guestId);
    const moved = await this.db.transaction().execute((trx) => moveGuestOrders(trx, guestId, user));
    this.log.info({ guest: guestId, user: user.id, orders: moved }, 'guest linked to an account');
    await this.erase(guestId).catch((error: unknown) => {
      if (!(error instanceof ConflictError)) throw error;
    });
  }

  async erase(userId: string, options: { evenWithOpenOrders?: boolean } = {}): Promise<number> {
    await this.settlePayments(userId);
    return this.db.transaction().execute(async (trx) => {
      if ((await countUnsettledIntentsOf(trx, userId)) > 0) throw new ConflictError(ACCOUNT_PAYMENT_UNSETTLED_MESSAGE);
      if (!options.evenWithOpenOrders && (await countOpenOrdersOf(trx, userId, FINAL_STATUSES)) > 0) {
        throw new ConflictError(say('error.account.orderOpen'));
      }
      const now = new Date().toISOString();
      for (const order of await listOrderFulfilmentsOf(trx, userId)) {
        await eraseOrderCustomer(trx, order.id, JSON.stringify(withoutPersonalData(JSON.parse(order.fulfilment) as Fulfilment)), DELETED_CUSTOMER_NAME, now);
      }
      await erasePaymentsOf(trx, userId, DELETED_CUSTOMER_NAME);
      await eraseStaffNameOf(trx, userId, 'Former staff member');
      await deleteLinkTokensOfUser(trx, userId);
      return deleteUserRow(trx, userId);
    });
  }
}

function invalidLink(): HttpError {
  return new HttpError(400, 'INVALID_LINK', INVALID_LINK_MESSAGE);
}

/** What an order's fulfilment keeps of a deleted customer: how it was served, not where or whom to call. */
function withoutPersonalData(fulfilment: Fulfilment): Fulfilment {
  const { address: _address, phone: _phone, ...kept } = fulfilment;
  return kept;
}
