/**
 * The account pages' texts and limits without any schema library, so the log-in page (public,
 * on the first-load budget) can use them. src/shared/account.ts re-exports them.
 */

/** The one answer to "Forgot password?", whether or not an account has that address. */
export const RESET_REQUESTED_MESSAGE = 'If an account exists for this address, we sent a link to it. It works once, for one hour.';
/** A reset link is good for this long (and once). */
export const RESET_LINK_MINUTES = 60;
/** A link confirming the account's address is good for this long. */
export const VERIFY_LINK_HOURS = 24;
/** A link confirming a new address is good for this long (and once). */
export const EMAIL_CHANGE_LINK_MINUTES = 60;
/** The answer of a reset or confirmation link that was used, has expired, or was never made. */
export const INVALID_LINK_MESSAGE = 'This link is no longer valid: it was used already, it has expired, or it was not copied whole. Ask for a new one.';

/**
 * The 403 of paying before the address is confirmed (REQUIRE_EMAIL_VERIFICATION). A 403 signs
 * the web app out, except this one: it is an answer to act on, not a lost session.
 */
export const EMAIL_NOT_VERIFIED = 'EMAIL_NOT_VERIFIED';
export const EMAIL_NOT_VERIFIED_MESSAGE = 'Please confirm your e-mail address before paying: use the link we sent you, or send a new one from your dashboard.';

/** What a deleted customer's orders keep in place of their name (docs/accounts.md, "Your data"). */
export const DELETED_CUSTOMER_NAME = 'Deleted customer';
/** Typed by a customer without a password to confirm deleting their account. */
export const DELETE_CONFIRMATION_WORD = 'DELETE';
