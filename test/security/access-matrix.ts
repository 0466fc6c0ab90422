/**
 * Who may call what: every API route of the shop, called as each of five callers, and the status
 * it must answer. The one table of the access-control attack suite (access-control.test.ts);
 * the suite also fails when a route exists that this table does not list.
 *
 * The callers: `anonymous` (no credentials), `customer` (the owner of the resource the call
 * names: their cart entry, their intent, their e-mail, their order), `otherCustomer` (a second
 * signed-in customer aiming at the owner's resource), `staff` (a member of the restaurant's staff
 * aiming at the same), `admin` (an administrator aiming at the same) and `guest` (a guest begun
 * at a table, decision 0047, aiming at the same: refused, 403, on every route off its allow-list).
 */
export type Caller = 'anonymous' | 'customer' | 'otherCustomer' | 'staff' | 'admin' | 'guest';

export interface AccessRule {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** The route as registered (Fastify's pattern). */
  route: string;
  expect: Record<Caller, number>;
  /** Why the answer is what it is, where it is not obvious. */
  why?: string;
}

const all = (status: number): Record<Caller, number> => ({ anonymous: status, customer: status, otherCustomer: status, staff: status, admin: status, guest: status });
const adminOnly = (ok: number): Record<Caller, number> => ({ anonymous: 401, customer: 403, otherCustomer: 403, staff: 403, admin: ok, guest: 403 });
/** Every account's, not a guest's: a guest reaches only the cart, the payment calls and its order. */
const signedIn = (ok: number): Record<Caller, number> => ({ anonymous: 401, customer: ok, otherCustomer: ok, staff: ok, admin: ok, guest: 403 });
const staffOnly = (ok: number): Record<Caller, number> => ({ anonymous: 401, customer: 403, otherCustomer: 403, staff: ok, admin: ok, guest: 403 });

export const ACCESS_MATRIX: AccessRule[] = [
  // Public reading.
  { method: 'GET', route: '/api/items', expect: all(200) },
  { method: 'GET', route: '/api/items/:id', expect: all(200) },
  { method: 'GET', route: '/api/review', expect: all(200) },
  { method: 'GET', route: '/api/images/:file', expect: all(200) },
  { method: 'GET', route: '/api/auth-providers', expect: all(200) },
  { method: 'POST', route: '/api/captcha', expect: all(201) },
  { method: 'POST', route: '/api/captcha/check', expect: all(200) },
  { method: 'POST', route: '/api/captcha/by-mail', expect: all(200), why: "the picture's characters mailed to the account signing in, the same answer for anyone" },
  { method: 'GET', route: '/api/auth/get-session', expect: all(200), why: 'Better Auth answers null when there is no session' },
  { method: 'GET', route: '/api/auth/error', expect: all(302), why: "a redirect to the popup's last page, a known code only; test/security/private-answers.test.ts" },

  // Administration.
  { method: 'POST', route: '/api/items', expect: adminOnly(201) },
  { method: 'PATCH', route: '/api/items/:id', expect: adminOnly(200) },
  { method: 'DELETE', route: '/api/items/:id', expect: adminOnly(200) },
  { method: 'PATCH', route: '/api/items/:id/availability', expect: adminOnly(200), why: 'sold out and hidden are the owner’s switches' },
  { method: 'GET', route: '/api/admin/items', expect: adminOnly(200), why: 'the hidden dishes too' },
  { method: 'GET', route: '/api/admin/items/:id', expect: adminOnly(200), why: 'a dish in English with its translations, hidden or not' },
  { method: 'GET', route: '/api/admin/reviews', expect: adminOnly(200), why: 'the hidden reviews too' },
  { method: 'PATCH', route: '/api/admin/reviews/:id', expect: adminOnly(200), why: 'hiding a review is the owner’s' },
  { method: 'DELETE', route: '/api/admin/reviews/:id', expect: adminOnly(200), why: 'deleting a review is the owner’s' },
  { method: 'PUT', route: '/api/settings', expect: adminOnly(200) },
  { method: 'GET', route: '/api/settings', expect: all(200), why: 'hours, pause and delivery terms are public' },
  { method: 'GET', route: '/api/cart/removed', expect: { ...signedIn(200), guest: 200 }, why: "the caller's own notices only" },
  {
    method: 'DELETE',
    route: '/api/cart/removed/:id',
    expect: { ...signedIn(200), guest: 200 },
    why: "deletes only the caller's own notice: another's id deletes nothing (deletedCount 0, checked in the access suite)",
  },
  { method: 'GET', route: '/api/favourites', expect: signedIn(200), why: "the caller's own list" },
  { method: 'PUT', route: '/api/favourites/:itemId', expect: signedIn(200), why: "saves to the caller's own list" },
  { method: 'DELETE', route: '/api/favourites/:itemId', expect: signedIn(200), why: "removes from the caller's own list" },
  { method: 'POST', route: '/api/images', expect: adminOnly(201) },
  { method: 'GET', route: '/api/users', expect: adminOnly(200) },
  { method: 'PATCH', route: '/api/users/admin/:id', expect: adminOnly(200) },
  { method: 'DELETE', route: '/api/users/admin/:id', expect: adminOnly(200) },
  { method: 'GET', route: '/api/admin-statistics', expect: adminOnly(200) },
  { method: 'GET', route: '/api/admin/stats', expect: adminOnly(200) },
  { method: 'GET', route: '/api/admin/orders.csv', expect: adminOnly(200), why: 'every customer’s orders, names of dishes and refunds' },
  { method: 'PATCH', route: '/api/users/role/:id', expect: adminOnly(200), why: 'staff run the board; only administrators name them' },

  // The order board: staff and administrators.
  { method: 'GET', route: '/api/staff/orders', expect: staffOnly(200) },
  {
    method: 'POST',
    route: '/api/staff/orders/:id/status',
    expect: staffOnly(200),
    why: 'a customer cannot move even their own order',
  },
  {
    method: 'POST',
    route: '/api/staff/orders/:id/refund-retry',
    expect: staffOnly(200),
    why: "a customer cannot ask for money back, not even their own order's",
  },
  {
    method: 'POST',
    route: '/api/admin/orders/:id/refunds',
    expect: adminOnly(200),
    why: 'a refund at any status, in part or whole: an administrator’s decision, not staff’s nor the customer’s',
  },
  {
    method: 'POST',
    route: '/api/staff/orders/:id/delay',
    expect: staffOnly(200),
    why: 'a later ready time is the kitchen’s word; a customer cannot push theirs',
  },
  { method: 'GET', route: '/api/admin/printers', expect: adminOnly(200), why: 'the printers are the owner’s settings: where the kitchen’s tickets go' },
  { method: 'POST', route: '/api/admin/printers', expect: adminOnly(201), why: 'adding a printer sends order details to a network address: the owner’s choice' },
  { method: 'PUT', route: '/api/admin/printers/:id', expect: adminOnly(200), why: 'changing where tickets go is the owner’s choice' },
  { method: 'DELETE', route: '/api/admin/printers/:id', expect: adminOnly(200), why: 'removing a printer is the owner’s choice' },
  { method: 'POST', route: '/api/admin/printers/:id/test', expect: adminOnly(202), why: 'a test page is part of setting a printer up' },
  { method: 'GET', route: '/api/admin/tables', expect: adminOnly(200), why: 'the tables’ links are the codes themselves: the owner prints them' },
  { method: 'POST', route: '/api/admin/tables', expect: adminOnly(201), why: 'the tables are the owner’s settings' },
  { method: 'PUT', route: '/api/admin/tables/:id', expect: adminOnly(200), why: 'renaming a table is the owner’s' },
  { method: 'DELETE', route: '/api/admin/tables/:id', expect: adminOnly(200), why: 'removing a table ends its code: the owner’s choice' },
  { method: 'POST', route: '/api/admin/tables/:id/regenerate', expect: adminOnly(200), why: 'a new code ends the printed one: the owner’s choice' },
  { method: 'GET', route: '/api/admin/promotions', expect: adminOnly(200), why: 'the promo codes are the owner’s: a listed code could be used by anyone' },
  { method: 'POST', route: '/api/admin/promotions', expect: adminOnly(201), why: 'a customer making a code would set their own price' },
  { method: 'PUT', route: '/api/admin/promotions/:id', expect: adminOnly(200), why: 'raising a discount is the owner’s choice' },
  { method: 'PUT', route: '/api/admin/promotions/:id/paused', expect: adminOnly(200), why: 'pausing or resuming a code is the owner’s choice' },
  { method: 'DELETE', route: '/api/admin/promotions/:id', expect: adminOnly(200), why: 'removing a code is the owner’s choice' },
  { method: 'GET', route: '/api/tables/:token', expect: all(200), why: 'a guest at the table opens its link signed in or not; it names the table and area only' },
  {
    method: 'POST',
    route: '/api/tables/:token/guest',
    expect: all(200),
    why: 'a valid table link begins a new guest for anyone (a forged one none: test/guest-begin.test.ts); rate limited as sign-up',
  },
  { method: 'GET', route: '/api/staff/printers', expect: staffOnly(200), why: 'the board’s banner says when a printer does not answer; customers need not know' },
  { method: 'POST', route: '/api/staff/orders/:id/print', expect: staffOnly(202), why: 'a ticket is printed again for the kitchen, never by a customer' },
  { method: 'PATCH', route: '/api/staff/busy', expect: staffOnly(200), why: 'busy mode (pause, extra minutes, auto-accept) is for the kitchen, not customers' },

  // The customer's own data: nobody else's, not even an administrator's.
  {
    method: 'POST',
    route: '/api/jwt',
    expect: { anonymous: 401, customer: 200, otherCustomer: 403, staff: 403, admin: 403, guest: 403 },
    why: "a token only for the caller's own e-mail",
  },
  {
    method: 'POST',
    route: '/api/users',
    expect: { anonymous: 401, customer: 200, otherCustomer: 403, staff: 403, admin: 403, guest: 403 },
    why: 'records only the caller',
  },
  {
    method: 'GET',
    route: '/api/users/admin/:email',
    expect: { anonymous: 401, customer: 200, otherCustomer: 403, staff: 403, admin: 403, guest: 403 },
    why: "the role lookup answers only about the caller's own e-mail",
  },
  {
    method: 'GET',
    route: '/api/cart',
    expect: { anonymous: 401, customer: 200, otherCustomer: 403, staff: 403, admin: 403, guest: 403 },
    why: "?email= names the owner's cart",
  },
  {
    method: 'POST',
    route: '/api/cart',
    expect: { anonymous: 401, customer: 201, otherCustomer: 201, staff: 201, admin: 201, guest: 201 },
    why: "every signed-in caller adds to their own cart; a body's email field is ignored",
  },
  {
    method: 'DELETE',
    route: '/api/cart/:id',
    expect: { anonymous: 401, customer: 200, otherCustomer: 404, staff: 404, admin: 404, guest: 404 },
    why: "another's entry is as unknown as one that never existed",
  },
  {
    method: 'POST',
    route: '/api/create-payment-intent',
    expect: { anonymous: 401, customer: 200, otherCustomer: 200, staff: 200, admin: 200, guest: 403 },
    why: "each caller's own cart is what is charged; a guest only with its table's token (test/guest-checkout.test.ts)",
  },
  {
    method: 'POST',
    route: '/api/sandbox/payment-intents/:id/confirm',
    expect: { anonymous: 401, customer: 200, otherCustomer: 404, staff: 404, admin: 404, guest: 404 },
  },
  {
    method: 'POST',
    route: '/api/payment',
    expect: { anonymous: 401, customer: 200, otherCustomer: 403, staff: 403, admin: 403, guest: 403 },
  },
  { method: 'GET', route: '/api/account/addresses', expect: signedIn(200), why: "the caller's own saved addresses only" },
  { method: 'POST', route: '/api/account/addresses', expect: signedIn(201), why: "saved to the caller's own account; the body names no owner" },
  {
    method: 'PUT',
    route: '/api/account/addresses/:id',
    expect: { anonymous: 401, customer: 200, otherCustomer: 404, staff: 404, admin: 404, guest: 403 },
    why: "another's saved address is as unknown as one that never existed, and stays as it was",
  },
  {
    method: 'DELETE',
    route: '/api/account/addresses/:id',
    expect: { anonymous: 401, customer: 200, otherCustomer: 404, staff: 404, admin: 404, guest: 403 },
    why: "another's saved address is as unknown as one that never existed, and stays",
  },
  { method: 'GET', route: '/api/payments', expect: { anonymous: 401, customer: 200, otherCustomer: 200, staff: 200, admin: 200, guest: 403 }, why: 'each sees only their own' },

  // Orders.
  { method: 'GET', route: '/api/orders', expect: { anonymous: 401, customer: 200, otherCustomer: 200, staff: 200, admin: 200, guest: 403 }, why: 'each lists only their own' },
  {
    method: 'GET',
    route: '/api/orders/:id',
    expect: { anonymous: 401, customer: 200, otherCustomer: 404, staff: 200, admin: 200, guest: 404 },
    why: "another customer's order is as unknown as none; staff and administrators open any",
  },
  {
    method: 'GET',
    route: '/api/orders/by-link/:token',
    expect: all(200),
    why: 'the signed link is the credential: whoever holds it reads that order only; a forged one, or another order under its signature, is a 404 (test/guest-order-link.test.ts)',
  },
  { method: 'GET', route: '/api/orders/summary', expect: { anonymous: 401, customer: 200, otherCustomer: 200, staff: 200, admin: 200, guest: 403 }, why: "each gets only their own figures" },
  { method: 'GET', route: '/api/orders/pickup-slots', expect: all(200), why: "the restaurant's pickup times are public" },
  { method: 'GET', route: '/api/slots', expect: all(200), why: "the restaurant's open slots are public, as its hours are" },

  // The profile page: always the caller's own account, from the session, never from the request.
  { method: 'GET', route: '/api/account', expect: signedIn(200), why: 'each reads their own profile' },
  { method: 'PATCH', route: '/api/account/preferences', expect: signedIn(200), why: 'each sets their own' },
  { method: 'POST', route: '/api/account/verification-email', expect: signedIn(200), why: 'a new link to the caller\'s own address' },
  {
    method: 'POST',
    route: '/api/account/email',
    expect: { anonymous: 401, customer: 200, otherCustomer: 400, staff: 400, admin: 400, guest: 403 },
    why: "the session decides whose address changes; the owner's password is wrong for anyone else",
  },
  { method: 'POST', route: '/api/account/password', expect: signedIn(409), why: 'a first password only for an account without one' },
  { method: 'GET', route: '/api/account/sessions', expect: signedIn(200), why: 'each lists their own devices' },
  { method: 'POST', route: '/api/account/sessions/sign-out-others', expect: signedIn(200), why: "each ends their own other sessions" },
  { method: 'GET', route: '/api/account/export', expect: signedIn(200), why: 'each downloads their own data' },

  // The API reference: public, like the API's shape; what each call allows is decided by the call.
  { method: 'GET', route: '/api/openapi.json', expect: all(200) },
  { method: 'GET', route: '/api/docs', expect: all(200) },
  // Stripe's return_url: a redirect for everyone; only the intent's own customer's session records it.
  { method: 'GET', route: '/api/payment/return', expect: all(303), why: 'a redirect; who may record what is in test/payment-stripe.test.ts' },
];

/**
 * Routes that are not endpoints of their own, with the reason; the coverage check skips them.
 * Better Auth's routes at /api/auth/… are forwarded one by one (auth-routes.ts):
 * the sign-in, sign-up and sign-out calls are covered by authentication.test.ts.
 */
export const NOT_IN_MATRIX: Record<string, string> = {
  'POST /api/auth/sign-up/email': 'public by design; authentication.test.ts',
  'POST /api/auth/sign-in/email': 'public by design, behind the captcha; authentication.test.ts',
  'POST /api/auth/sign-in/social': 'public by design; test/auth-social.test.ts',
  'GET /api/auth/callback/oidc': "the identity provider's return, checked by its state; test/auth-social.test.ts",
  'POST /api/auth/update-user': "the caller's own profile (the session decides whose); test/auth-routes.test.ts",
  'POST /api/auth/change-password': "the caller's own password, rate-limited; test/auth-routes.test.ts",
  'POST /api/auth/callback/oidc': "the provider's form post, turned into the GET callback; test/auth-social.test.ts",
  'POST /api/auth/sign-out': "ends the caller's own session; authentication.test.ts",
  'POST /api/stripe/webhook': 'only with PAYMENT_PROVIDER=stripe; signature-checked (test/payment-stripe.test.ts)',
  'POST /api/auth/request-password-reset': 'public by design: the same answer for every address; test/mail-accounts.test.ts',
  'POST /api/auth/reset-password': "public: the mailed link's token decides the account; test/mail-accounts.test.ts",
  'POST /api/account/verify-email': "public: the mailed link's token decides the account; test/mail-accounts.test.ts",
  'POST /api/account/email/confirm': "public: the mailed link's token decides the account; test/mail-accounts.test.ts",
  'DELETE /api/account': "deletes the caller's own account (confirmed with its password), so not the scene's; test/account-routes.test.ts",
  'GET /api/docs/': "Swagger UI's page again (with a trailing slash); test/api-reference.test.ts",
  'GET /api/docs/static/index.html': "Swagger UI's own file, public; test/api-reference.test.ts",
  'GET /api/docs/static/swagger-initializer.js': "Swagger UI's own file, public; test/api-reference.test.ts",
  'GET /api/docs/*': "Swagger UI's own files (its static wildcard), public; test/api-reference.test.ts",
  'GET /api/docs/json': 'the same document as /api/openapi.json, for Swagger UI',
  'GET /api/docs/yaml': 'the same document as /api/openapi.json, in YAML',
  'GET /api/menu/events': 'a public stream of menu changes that never ends, so not callable here; test/dish-page.test.ts',
  'GET /api/orders/events': 'a stream that never ends, so not callable here; every caller over a real socket in test/order-stream.test.ts',
  'GET /api/orders/by-link/:token/events': "a stream that never ends, so not callable here; its link's order only, a forged link a 404, over a real socket in test/guest-order-link.test.ts",
  'GET /healthz': 'public by design, for load balancers; reads nothing (test/ops-health-metrics.test.ts)',
  'GET /readyz': 'public by design, for load balancers; tells only ready or why not (test/ops-health-metrics.test.ts)',
  'GET /metrics': 'only with METRICS_TOKEN, and then only with it as the bearer token (test/ops-health-metrics.test.ts)',
};
