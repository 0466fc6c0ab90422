/** Zod-free so the public log-in page, on the first-load budget, can use them. */

/** The same answer whether or not the account exists, so the form can't probe addresses. */
export const RESET_REQUESTED_MESSAGE =
  'If an account exists for this address, a link is in its inbox: we send at most one every five minutes, so use the newest. It works once, for one hour.';
export const RESET_LINK_MINUTES = 60;
export const VERIFY_LINK_HOURS = 24;
export const EMAIL_CHANGE_LINK_MINUTES = 60;
export const INVALID_LINK_MESSAGE = 'This link is no longer valid: it was used already, it has expired, or it was not copied whole. Ask for a new one.';

/**
 * Paying unconfirmed (REQUIRE_EMAIL_VERIFICATION): the one 403 that doesn't sign the web app out,
 * since it asks the user to act rather than reporting a lost session.
 */
export const EMAIL_NOT_VERIFIED = 'EMAIL_NOT_VERIFIED';
export const EMAIL_NOT_VERIFIED_MESSAGE = 'Please confirm your e-mail address before paying: use the link we sent you, or send a new one from your dashboard.';

/** Replaces the name on a deleted customer's orders (docs/accounts.md). */
export const DELETED_CUSTOMER_NAME = 'Deleted customer';
export const DELETE_CONFIRMATION_WORD = 'DELETE';
