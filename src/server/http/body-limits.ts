/**
 * Small bodies are a few hundred bytes, so a large one is an attack whose parsing would cost the
 * event loop. Only the menu's item routes take BODY_LIMIT; pictures have multipart limits.
 */
export const SMALL_BODY_LIMIT = 8 * 1024;

/** Stripe's webhook events carry the whole object they are about: larger, and signed. */
export const WEBHOOK_BODY_LIMIT = 512 * 1024;
