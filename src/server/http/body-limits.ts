/**
 * How large a request body may be, per kind of route. The cart, payment, accounts and order
 * bodies are a few hundred bytes: a few KB is plenty, and a large body there is an attack whose
 * parsing (with the repeated-key check) would cost the event loop. Only the menu's item routes
 * take the configured BODY_LIMIT; pictures have their own multipart limits (image-routes.ts).
 */
export const SMALL_BODY_LIMIT = 8 * 1024;

/** Stripe's webhook events carry the whole object they are about: larger, and signed. */
export const WEBHOOK_BODY_LIMIT = 512 * 1024;
