import { randomBytes, randomInt } from 'node:crypto';
import type { ShopDb } from './shop-db.ts';

/**
 * Simulated customers of the soak and crash tests: each signs up through the API, then browses,
 * adds to and removes from the cart and pays through the sandbox, one request after another,
 * keeping what the cart must hold on its side so the database can be checked against it.
 */
export interface LoadStats {
  requests: number;
  byStatus: Record<string, number>;
  serverErrors: string[];
  networkErrors: number;
  latenciesMs: number[];
  adds: number;
  removes: number;
  cartChecks: number;
  cartMismatches: string[];
  paymentsOk: number;
  paymentsDeclined: number;
  replays: number;
  /** The payment page opened a second time for the same cart (it must answer the same intent). */
  reopens: number;
  surprises: string[];
}

export function newStats(): LoadStats {
  return {
    requests: 0, byStatus: {}, serverErrors: [], networkErrors: 0, latenciesMs: [], adds: 0, removes: 0,
    cartChecks: 0, cartMismatches: [], paymentsOk: 0, paymentsDeclined: 0, replays: 0, reopens: 0, surprises: [],
  };
}

export class NetworkError extends Error {}

/** Stripe's public test card that succeeds (the sandbox provider accepts it). */
export const GOOD_CARD = { number: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123' };
const DECLINED_CARD = { number: '4000 0000 0000 0002', expiry: '12 / 40', cvc: '123' };

export class Customer {
  readonly email = `soak-${randomBytes(6).toString('hex')}@example.test`;
  readonly password = `pw-${randomBytes(8).toString('hex')}`;
  id = '';
  token = '';
  /** What the cart holds, entry id → menu item id, as this customer was told. */
  readonly cart = new Map<string, string>();
  /** Payments answered as successful: transaction id → cents. */
  readonly paid = new Map<string, number>();
  /** Payments sent but never answered (the shop died): they may or may not be recorded. */
  readonly unanswered = new Set<string>();
  /** A write got no answer, so the cart may hold one entry more or less than `cart`. */
  uncertain = false;

  private readonly shop: { url: string };
  private readonly stats: LoadStats;
  private readonly items: string[];

  constructor(shop: { url: string }, stats: LoadStats, items: string[]) {
    this.shop = shop;
    this.stats = stats;
    this.items = items;
  }

  async call(method: string, path: string, body?: unknown, auth = true): Promise<{ status: number; json: unknown }> {
    const started = performance.now();
    let res: Response;
    try {
      res = await fetch(`${this.shop.url}${path}`, {
        method,
        headers: {
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(auth && this.token ? { authorization: `Bearer ${this.token}` } : {}),
        },
        body: body !== undefined ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(30_000),
      });
    } catch (error) {
      this.stats.networkErrors++;
      throw new NetworkError(`${method} ${path}: ${(error as Error).message}`);
    }
    const text = await res.text().catch(() => '');
    this.stats.requests++;
    this.stats.latenciesMs.push(performance.now() - started);
    this.stats.byStatus[res.status] = (this.stats.byStatus[res.status] ?? 0) + 1;
    if (res.status >= 500) this.stats.serverErrors.push(`${method} ${path} ${res.status} ${text.slice(0, 200)}`);
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.status, json };
  }

  async signUp(): Promise<void> {
    const res = await fetch(`${this.shop.url}/api/auth/sign-up/email`, {
      method: 'POST',
      // A browser on the shop's own page sends its origin; Better Auth requires it in production.
      headers: { 'content-type': 'application/json', origin: this.shop.url },
      body: JSON.stringify({ name: 'Soak Customer', email: this.email, password: this.password }),
    });
    this.stats.requests++;
    if (res.status !== 200) throw new Error(`sign-up: ${res.status} ${await res.text()}`);
    this.id = ((await res.json()) as { user: { id: string } }).user.id;
    const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0] ?? '').find((c) => c.includes('session_token'));
    const jwt = await fetch(`${this.shop.url}/api/jwt`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: this.shop.url, cookie: cookie ?? '' },
      body: JSON.stringify({ email: this.email }),
    });
    this.stats.requests++;
    if (jwt.status !== 200) throw new Error(`jwt: ${jwt.status} ${await jwt.text()}`);
    this.token = ((await jwt.json()) as { token: string }).token;
  }

  private expect(what: string, got: number, wanted: number[]): void {
    if (!wanted.includes(got)) this.stats.surprises.push(`${what}: ${got}, expected ${wanted.join(' or ')}`);
  }

  async browse(): Promise<void> {
    const r = Math.random();
    if (r < 0.6) this.expect('GET /api/items', (await this.call('GET', '/api/items', undefined, false)).status, [200]);
    else if (r < 0.85) this.expect('GET /api/items/:id', (await this.call('GET', `/api/items/${this.pick(this.items)}`, undefined, false)).status, [200]);
    else this.expect('GET /api/review', (await this.call('GET', '/api/review', undefined, false)).status, [200]);
  }

  async add(): Promise<void> {
    const itemId = this.pick(this.items);
    const res = await this.call('POST', '/api/cart', { itemId, price: 0.01 }).catch((e: unknown) => {
      this.uncertain = true;
      throw e;
    });
    this.expect('POST /api/cart', res.status, [201]);
    if (res.status === 201) {
      this.cart.set((res.json as { insertedId: string }).insertedId, itemId);
      this.stats.adds++;
    }
  }

  async remove(): Promise<void> {
    const entry = this.pick([...this.cart.keys()]);
    const res = await this.call('DELETE', `/api/cart/${entry}`).catch((e: unknown) => {
      this.uncertain = true;
      throw e;
    });
    // After a lost answer (a payment the shop recorded as it died) the entry may be gone already.
    this.expect('DELETE /api/cart/:id', res.status, this.uncertain ? [200, 404] : [200]);
    if (res.status === 200 || (this.uncertain && res.status === 404)) {
      this.cart.delete(entry);
      this.stats.removes++;
    }
  }

  async checkCart(): Promise<void> {
    const res = await this.call('GET', `/api/cart?email=${encodeURIComponent(this.email)}`);
    this.expect('GET /api/cart', res.status, [200]);
    if (res.status !== 200) return;
    this.stats.cartChecks++;
    const ids = (res.json as Array<{ _id: string }>).map((e) => e._id).sort();
    if (this.uncertain) {
      // After a lost answer the shop's word is the truth; from here on it must match exactly again.
      this.cart.clear();
      for (const e of res.json as Array<{ _id: string; itemId: string }>) this.cart.set(e._id, e.itemId);
      this.uncertain = false;
      return;
    }
    const expected = [...this.cart.keys()].sort();
    if (JSON.stringify(ids) !== JSON.stringify(expected)) this.stats.cartMismatches.push(`${this.email}: shop ${ids.length}, expected ${expected.length}`);
  }

  async pay(): Promise<void> {
    const intent = await this.call('POST', '/api/create-payment-intent', { price: 0.01 });
    if (intent.status === 400) return this.add(); // below the card minimum: buy more first
    this.expect('POST /api/create-payment-intent', intent.status, [200]);
    if (intent.status !== 200) return;
    const { intentId, clientSecret, amount } = intent.json as { intentId: string; clientSecret: string; amount: number };
    if (Math.random() < 0.2) {
      // The payment page opened again (a reload, a second tab): the same cart gets the same intent.
      this.stats.reopens++;
      const again = await this.call('POST', '/api/create-payment-intent', { price: 0.01 });
      this.expect('POST /api/create-payment-intent again', again.status, [200]);
      if (again.status === 200 && (again.json as { intentId: string }).intentId !== intentId) {
        this.stats.surprises.push(`a second payment page for the same cart got another intent than ${intentId}`);
      }
    }
    const inIntent = new Set(this.cart.keys());
    const declined = Math.random() < 0.1;
    let confirm;
    try {
      confirm = await this.call('POST', `/api/sandbox/payment-intents/${intentId}/confirm`, {
        clientSecret,
        card: declined ? DECLINED_CARD : GOOD_CARD,
        billingDetails: { email: this.email, name: 'Soak Customer' },
      });
    } catch (error) {
      // The shop died with the card confirmed or not: a confirmed one is recorded when it is back
      // (its start-up check, or this customer's next look at the cart), taking its entries along.
      this.unanswered.add(intentId);
      this.uncertain = true;
      throw error;
    }
    this.expect('confirm', confirm.status, [200]);
    let payment;
    try {
      payment = await this.call('POST', '/api/payment', { transactionId: intentId });
    } catch (error) {
      this.unanswered.add(intentId);
      this.uncertain = true;
      throw error;
    }
    if (declined) {
      this.expect('POST /api/payment after a declined card', payment.status, [409]);
      this.stats.paymentsDeclined++;
      return;
    }
    this.expect('POST /api/payment', payment.status, [200]);
    if (payment.status !== 200) return;
    this.paid.set(intentId, Math.round(amount * 100));
    this.stats.paymentsOk++;
    for (const id of inIntent) this.cart.delete(id);
    if (Math.random() < 0.2) {
      const replay = await this.call('POST', '/api/payment', { transactionId: intentId });
      this.stats.replays++;
      this.expect('replayed POST /api/payment', replay.status, [200]);
      if (replay.status === 200 && insertedId(replay.json) !== insertedId(payment.json)) {
        this.stats.surprises.push(`replay of ${intentId} answered another record`);
      }
    }
  }

  /** One step of a customer's visit. */
  async step(): Promise<void> {
    const r = Math.random();
    if (this.cart.size >= 8) return this.pay();
    if (r < 0.35) return this.browse();
    if (r < 0.6 || this.cart.size === 0) return this.add();
    if (r < 0.72) return this.remove();
    if (r < 0.84) return this.checkCart();
    return this.pay();
  }

  private pick<T>(list: T[]): T {
    return list[randomInt(list.length)]!;
  }
}

/** Runs every customer's visit until `until()` says stop; network errors pause the customer briefly. */
export async function runCustomers(customers: Customer[], until: () => boolean, thinkMs = 10): Promise<void> {
  await Promise.all(
    customers.map(async (customer) => {
      while (!until()) {
        try {
          await customer.step();
        } catch (error) {
          if (!(error instanceof NetworkError)) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        if (thinkMs) await new Promise((resolve) => setTimeout(resolve, randomInt(thinkMs + 1)));
      }
    }),
  );
}

export interface InvariantReport {
  paymentsAnsweredOk: number;
  paymentsRecorded: number;
  lostPayments: string[];
  duplicatedPayments: string[];
  wrongAmounts: string[];
  unexpectedPayments: string[];
  halfWritten: string[];
  /** Cart entries in more than one payment (one charge per cart). */
  entriesPaidTwice: string[];
  /** Intents the provider says succeeded that are neither recorded nor refunded. */
  succeededNotRecorded: string[];
  cartEntriesChecked: number;
  cartDifferences: string[];
  revenueCents: number;
  recordedCents: number;
  answeredCents: number;
  integrity: string;
  ok: boolean;
}

/** The database against what the customers were told. */
export async function checkInvariants(db: ShopDb, customers: Customer[], revenue: { revenue: number; orders: number }, kind: 'sqlite' | 'postgres'): Promise<InvariantReport> {
  const rows = await db.all<{ transaction_id: string; price_cents: number; cart_item_ids: string; user_id: string }>(
    'select transaction_id, price_cents, cart_item_ids, user_id from payments',
  );
  const byTransaction = new Map<string, typeof rows>();
  for (const row of rows) byTransaction.set(row.transaction_id, [...(byTransaction.get(row.transaction_id) ?? []), row]);
  const report: InvariantReport = {
    paymentsAnsweredOk: 0, paymentsRecorded: rows.length, lostPayments: [], duplicatedPayments: [], wrongAmounts: [],
    unexpectedPayments: [], halfWritten: [], entriesPaidTwice: [], succeededNotRecorded: [], cartEntriesChecked: 0, cartDifferences: [],
    revenueCents: Math.round(revenue.revenue * 100), recordedCents: rows.reduce((s, r) => s + Number(r.price_cents), 0),
    answeredCents: 0, integrity: 'n/a', ok: false,
  };
  const mayExist = new Set<string>();
  for (const c of customers) {
    for (const [transactionId, cents] of c.paid) {
      report.paymentsAnsweredOk++;
      report.answeredCents += cents;
      const found = byTransaction.get(transactionId) ?? [];
      if (found.length === 0) report.lostPayments.push(transactionId);
      if (found.length > 1) report.duplicatedPayments.push(transactionId);
      if (found.length === 1 && Number(found[0]!.price_cents) !== cents) report.wrongAmounts.push(transactionId);
    }
    for (const t of c.unanswered) mayExist.add(t);
  }
  const answered = new Set(customers.flatMap((c) => [...c.paid.keys()]));
  for (const t of byTransaction.keys()) if (!answered.has(t) && !mayExist.has(t)) report.unexpectedPayments.push(t);

  // A payment and the removal of its cart entries and the intent's status are one transaction.
  const entries = new Set((await db.all<{ id: string }>('select id from cart_items')).map((r) => r.id));
  const intents = new Map((await db.all<{ id: string; status: string }>('select id, status from payment_intents')).map((r) => [r.id, r.status]));
  for (const row of rows) {
    const left = (JSON.parse(row.cart_item_ids) as string[]).filter((id) => entries.has(id));
    if (left.length) report.halfWritten.push(`${row.transaction_id}: ${left.length} paid entries still in a cart`);
    if (intents.get(row.transaction_id) !== 'succeeded') report.halfWritten.push(`${row.transaction_id}: intent ${intents.get(row.transaction_id)}`);
  }

  const paidBy = new Map<string, string>();
  for (const row of rows) {
    for (const id of JSON.parse(row.cart_item_ids) as string[]) {
      const first = paidBy.get(id);
      if (first) report.entriesPaidTwice.push(`${id}: ${first} and ${row.transaction_id}`);
      else paidBy.set(id, row.transaction_id);
    }
  }
  // A payment confirmed as the shop died is recorded when it is back: none may be left over.
  const recordedIds = new Set(byTransaction.keys());
  const succeeded = await db.all<{ id: string; last_error: string | null }>("select id, last_error from payment_intents where status = 'succeeded'");
  for (const intent of succeeded) {
    if (!recordedIds.has(intent.id) && !intent.last_error?.startsWith('refunded')) report.succeededNotRecorded.push(intent.id);
  }

  for (const c of customers) {
    const inDb = (await db.all<{ id: string }>('select id from cart_items where user_id = ?', [c.id])).map((r) => r.id).sort();
    let expected = [...c.cart.keys()].sort();
    report.cartEntriesChecked += expected.length;
    if (c.uncertain) {
      // A payment whose answer was lost may have been recorded, taking its entries with it.
      const paidEntries = new Set(rows.filter((r) => r.user_id === c.id).flatMap((r) => JSON.parse(r.cart_item_ids) as string[]));
      expected = expected.filter((id) => !paidEntries.has(id));
      // Only what the customer was told before the lost answer must be there.
      const missing = expected.filter((id) => !inDb.includes(id));
      if (missing.length > 1) report.cartDifferences.push(`${c.email}: ${missing.length} entries lost`);
      continue;
    }
    if (JSON.stringify(inDb) !== JSON.stringify(expected)) report.cartDifferences.push(`${c.email}: database ${inDb.length}, expected ${expected.length}`);
  }

  if (kind === 'sqlite') report.integrity = String((await db.all<{ integrity_check: string }>('pragma integrity_check'))[0]?.integrity_check);
  report.ok =
    report.lostPayments.length === 0 &&
    report.duplicatedPayments.length === 0 &&
    report.wrongAmounts.length === 0 &&
    report.unexpectedPayments.length === 0 &&
    report.halfWritten.length === 0 &&
    report.entriesPaidTwice.length === 0 &&
    report.succeededNotRecorded.length === 0 &&
    report.cartDifferences.length === 0 &&
    report.revenueCents === report.recordedCents &&
    revenue.orders === rows.length &&
    (kind === 'postgres' || report.integrity === 'ok');
  return report;
}

function insertedId(answer: unknown): string {
  return (answer as { result: { insertedId: string } }).result.insertedId;
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 10) / 10;
}
