import type { Generated } from 'kysely';
import type { Role } from '../../shared/roles.ts';

/**
 * The database as Kysely sees it: one interface made of each feature's tables. Column names are
 * snake_case; repositories map rows to the API's shapes so row types never leak into answers.
 * Money columns are integer cents. Timestamps are ISO-8601 text in UTC on both engines.
 */
export interface MenuItemsTable {
  id: string;
  name: string;
  category: string;
  price_cents: number;
  new_price_cents: number | null;
  recipe: string;
  image: string;
  /** JSON: OptionGroup[] (src/shared/dish-option-rules.ts); null when the dish has none (migration 010). */
  options: Generated<string | null>;
  /** The menu lists items in the order they were added: by created_at, then id. */
  created_at: string;
  /** Dietary tags and allergens, keys joined by commas (migration 009). */
  tags: Generated<string>;
  allergens: Generated<string>;
  /** 0 or 1: the switches of Manage Items. */
  sold_out: Generated<number>;
  hidden: Generated<number>;
  /** The dish's own tax rate (an id of the settings' taxRates); null: its category's (migration 027). */
  tax_rate_id: Generated<string | null>;
  /** JSON: DishTranslations (src/shared/dish-translations.ts); null: English only (migration 031). */
  translations: Generated<string | null>;
}

/** A dish deleted while in a customer's cart, until the cart page has named it once (migration 009). */
export interface CartRemovalsTable {
  id: string;
  user_id: string;
  name: string;
  created_at: string;
}

export interface ReviewsTable {
  id: string;
  name: string;
  image: string;
  details: string;
  created_at: string;
  /** 1 when the owner hid it from the public list (migration 021); 0 otherwise. */
  hidden: Generated<number>;
}

export interface ImagesTable {
  id: string;
  content_type: string;
  bytes: Uint8Array;
  width: number;
  height: number;
  byte_size: number;
  created_at: string;
}

/**
 * Better Auth's tables. Their instants are Date on PostgreSQL (timestamptz) and ISO text on
 * SQLite: Better Auth's adapter chooses, so code reading them accepts both.
 */
export type AuthInstant = string | Date;

export interface UsersTable {
  id: string;
  name: string;
  email: string;
  email_verified: boolean | number;
  image: string | null;
  role: Role;
  /** Better Auth's anonymous plugin's flag: a guest begun at a table (migration 030). */
  is_anonymous: Generated<boolean | number>;
  /** The e-mail a guest gave for its receipt, if any (migration 030); null for everyone else. */
  guest_email: Generated<string | null>;
  registered_at: string | null;
  /** The customer wants mails when an order is accepted, ready, cancelled or rejected (the receipt always goes). */
  order_status_mails: Generated<boolean | number>;
  /** The customer's language (a catalogue's code), for their mails; null until known (migration 033). */
  language: string | null;
  created_at: AuthInstant;
  updated_at: AuthInstant;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  token: string;
  expires_at: AuthInstant;
  ip_address: string | null;
  user_agent: string | null;
  created_at: AuthInstant;
  updated_at: AuthInstant;
}

export interface AccountsTable {
  id: string;
  user_id: string;
  account_id: string;
  provider_id: string;
  access_token: string | null;
  refresh_token: string | null;
  id_token: string | null;
  access_token_expires_at: AuthInstant | null;
  refresh_token_expires_at: AuthInstant | null;
  scope: string | null;
  password: string | null;
  created_at: AuthInstant;
  updated_at: AuthInstant;
}

export interface VerificationsTable {
  id: string;
  identifier: string;
  value: string;
  expires_at: AuthInstant;
  created_at: AuthInstant;
  updated_at: AuthInstant;
}

export interface CaptchasTable {
  id: string;
  answer: string;
  expires_at: string;
  created_at: string;
  /** The e-mail address the characters were mailed to (the accessible alternative), else null. */
  mailed_to: string | null;
}

export interface RateLimitsTable {
  key: string;
  count: number;
  reset_at_ms: number;
}

/** Consecutive failed sign-ins per e-mail address tried (migration 016). */
export interface SignInFailuresTable {
  email: string;
  failures: number;
  blocked_until_ms: number;
  last_failure_ms: number;
}

/** Where an account signed in successfully: an IPv4 address or an IPv6 /64 (migration 016). */
export interface SignInAddressesTable {
  user_id: string;
  address: string;
  last_success_ms: number;
}

export interface AppSecretsTable {
  name: string;
  value: string;
  created_at: string;
}

/** A customer's cart entry: name, price and image copied from the menu when added. */
export interface CartItemsTable {
  id: string;
  user_id: string;
  menu_item_id: string;
  name: string;
  price_cents: number;
  image: string;
  /** JSON: ChosenGroup[] as added, with the names and cents then; null without options (migration 010). */
  options: Generated<string | null>;
  created_at: string;
}

/** A payment intent the shop opened with its card provider, for one customer's cart. */
export interface PaymentIntentsTable {
  id: string;
  provider: string;
  user_id: string;
  amount_cents: number;
  currency: string;
  /** JSON array of IntentItem (src/server/payments/payment-repository.ts). */
  items: string;
  client_secret: string | null;
  status: string;
  last_error: string | null;
  /** JSON of the FulfilmentRequest chosen at checkout (src/shared/orders.ts); null on intents older than migration 005. */
  fulfilment: string | null;
  /** The customer's id while this is their one open intent (unique), else null (migration 008). */
  open_for_user: string | null;
  /** When the shop stopped being owed anything for it (recorded, cancelled, refunded); null until then. */
  settled_at: string | null;
  /** The delivery fee inside amount_cents (migration 011); 0 for any other way. */
  delivery_fee_cents: Generated<number>;
  /** JSON: TaxSummary (src/shared/order-totals.ts) as computed with the intent; null before migration 027. */
  taxes: Generated<string | null>;
  /** The tip inside amount_cents, computed by the server from the customer's choice (migration 029). */
  tip_cents: Generated<number>;
  /** The promo code's discount taken off amount_cents, and the code as typed (migration 028). */
  discount_cents: Generated<number>;
  promo_code: string | null;
  created_at: string;
  updated_at: string;
}

/** Each cart entry a recorded payment paid for: at most one payment per entry (migration 008). */
export interface PaidCartEntriesTable {
  cart_item_id: string;
  transaction_id: string;
}

/** The spec's payment record, saved once per succeeded intent. */
export interface PaymentsTable {
  id: string;
  transaction_id: string;
  user_id: string | null;
  name: string;
  email: string;
  price_cents: number;
  quantity: number;
  /** JSON arrays. */
  cart_item_ids: string;
  menu_item_ids: string;
  item_names: string;
  status: string;
  created_at: string;
}

/** A refund the sandbox provider made (the sandbox is the provider, so it keeps its own ledger). */
export interface SandboxRefundsTable {
  id: string;
  intent_id: string;
  amount_cents: number;
  /** The key the refund was asked with (migration 015): asked again, the same refund answers. */
  idempotency_key: string;
  created_at: string;
}

/** Counter rows updated inside transactions: order numbers, and the timeline's commit order. */
export interface OrderCountersTable {
  name: 'order_number' | 'order_event';
  value: number;
}

/** An order, made from a succeeded payment in the same transaction (docs/decisions/0017-orders.md). */
export interface OrdersTable {
  id: string;
  number: number;
  transaction_id: string;
  user_id: string | null;
  customer_name: string;
  customer_email: string;
  status: string;
  fulfilment_type: string;
  /** JSON: Fulfilment (src/shared/orders.ts). */
  fulfilment: string;
  note: string | null;
  /** JSON: OrderLineRow[] (src/server/orders/orders-repository.ts). */
  lines: string;
  total_cents: number;
  /** The delivery fee inside total_cents (migration 011). */
  delivery_fee_cents: Generated<number>;
  ready_by: string | null;
  reason: string | null;
  refund_status: string | null;
  refund_cents: number | null;
  /** How many refund requests the order has had (migration 015): a staff retry adds one. */
  refund_attempts: Generated<number>;
  /** What the provider confirmed it gave back, summed and counted (migration 020): the statistics' refunds. */
  refunded_cents: Generated<number>;
  refunds_made: Generated<number>;
  /** JSON: TaxSummary (src/shared/order-totals.ts), copied from the intent; null before migration 027. */
  taxes: Generated<string | null>;
  /** The tip inside total_cents, copied from the intent; 0 before migration 029. */
  tip_cents: Generated<number>;
  /** The summary's tax inside total_cents (migration 027): the statistics sum it. */
  tax_cents: Generated<number>;
  /** The promo code's discount inside total_cents, and its code (migration 028). */
  discount_cents: Generated<number>;
  promo_code: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * A refund the shop asked for, written with the order's move and carried out by the refund
 * worker (src/server/orders/order-refunds.ts). 'queued' is due at next_attempt_at, 'asking' is
 * claimed by one process, 'submitted' the provider took and will confirm later (Stripe's pending).
 */
export interface RefundRequestsTable {
  id: string;
  order_id: string;
  transaction_id: string;
  amount_cents: number;
  idempotency_key: string;
  status: 'queued' | 'asking' | 'submitted' | 'succeeded' | 'failed';
  attempts: number;
  next_attempt_at: string;
  claimed_at: string | null;
  provider_refund_id: string | null;
  last_error: string | null;
  /** JSON: RefundedLine[] (src/shared/orders.ts) of a refund of chosen lines; null for an amount (migration 020). */
  lines: Generated<string | null>;
  /** 'order': a reject or cancel of staff gave the rest back; 'admin': an administrator's refund (migration 020). */
  origin: Generated<'order' | 'admin'>;
  created_at: string;
  updated_at: string;
}

/** One line of an order, written with it (docs/decisions/0019-statistics.md); the order's time repeated for the period's index. */
export interface OrderLinesTable {
  order_id: string;
  position: number;
  item_id: string;
  name: string;
  unit_cents: number;
  quantity: number;
  /** JSON: ChosenGroup[] as paid; null without options (migration 010). */
  options: Generated<string | null>;
  created_at: string;
}

/** Every change of an order; its id is the live stream's event id. */
export interface OrderEventsTable {
  id: Generated<number>;
  order_id: string;
  /**
   * 'dispute': a card holder's dispute (its details as JSON in `reason`, src/server/orders/order-disputes.ts);
   * 'delay': staff pushed the ready time back (the order's `ready_by` holds the new one).
   */
  kind: 'status' | 'refund' | 'dispute' | 'delay';
  status: string;
  reason: string | null;
  by_user_id: string | null;
  by_name: string | null;
  at: string;
}

/** A mail of the shop, queued until the mail server has taken it (src/server/mail/mail-queue.ts). */
export interface MailQueueTable {
  id: string;
  /** Unique: the reason the mail exists (an order event, a reset request), so it is queued once. */
  dedupe_key: string;
  user_id: string | null;
  to_address: string;
  template: string;
  /** JSON: the template's data. */
  data: string;
  status: 'queued' | 'sending' | 'sent' | 'failed';
  attempts: number;
  next_attempt_at: string;
  claimed_at: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  /** The language the mail is written in (migration 033). */
  language: Generated<string>;
}

/** The restaurant's settings, one row (migration 011; docs/decisions/0024-restaurant-settings.md). */
export interface RestaurantSettingsTable {
  id: string;
  /** JSON: StoredSettings (src/server/settings/settings-repository.ts). */
  settings: string;
  updated_at: string;
}

/** A dish a customer saved with the heart (one row per customer and dish). */
export interface FavouritesTable {
  user_id: string;
  menu_item_id: string;
  created_at: string;
}

/** A customer's saved delivery address and phone (migration 024). */
export interface SavedAddressesTable {
  id: string;
  user_id: string;
  line1: string;
  line2: string | null;
  city: string;
  postal_code: string;
  phone: string;
  created_at: string;
  /** Saved or used at checkout last: the list's order. */
  used_at: string;
}

/** A table of the restaurant and the version of its code (migration 025). */
export interface RestaurantTablesTable {
  id: string;
  name: string;
  area: string | null;
  /** Raised by "regenerate": links signed over an older version no longer open the table. */
  code_version: number;
  created_at: string;
}

/** A promotion and its rules (migration 028); `amount` is percent or cents by `kind`. */
export interface PromotionsTable {
  id: string;
  code: string;
  /** The code in upper case, unique: codes are compared case-insensitively. */
  code_key: string;
  kind: 'percent' | 'fixed';
  amount: number;
  minimum_order_cents: number;
  valid_from: string | null;
  valid_to: string | null;
  max_uses: number | null;
  /** Raised in the same statement that checks `max_uses`, so two payments cannot take the last use. */
  uses: Generated<number>;
  once_per_customer: number;
  first_order_only: number;
  paused: number;
  created_at: string;
}

/** One payment that took a promotion's use (migration 028); deleted when the use is given back. */
export interface PromotionUsesTable {
  intent_id: string;
  promotion_id: string;
  user_id: string;
  used_at: string;
}

/** A kitchen receipt printer and its last outcome (migration 019). */
export interface KitchenPrintersTable {
  id: string;
  name: string;
  host: string;
  port: number;
  /** 0 or 1. */
  print_on_accept: number;
  created_at: string;
  last_success_at: string | null;
  last_error_at: string | null;
  last_error: string | null;
}

export interface Database {
  menu_items: MenuItemsTable;
  cart_removals: CartRemovalsTable;
  reviews: ReviewsTable;
  images: ImagesTable;
  users: UsersTable;
  sessions: SessionsTable;
  accounts: AccountsTable;
  verifications: VerificationsTable;
  captchas: CaptchasTable;
  rate_limits: RateLimitsTable;
  sign_in_failures: SignInFailuresTable;
  sign_in_addresses: SignInAddressesTable;
  app_secrets: AppSecretsTable;
  cart_items: CartItemsTable;
  favourites: FavouritesTable;
  saved_addresses: SavedAddressesTable;
  restaurant_tables: RestaurantTablesTable;
  promotions: PromotionsTable;
  promotion_uses: PromotionUsesTable;
  payment_intents: PaymentIntentsTable;
  payments: PaymentsTable;
  paid_cart_entries: PaidCartEntriesTable;
  sandbox_refunds: SandboxRefundsTable;
  order_counters: OrderCountersTable;
  orders: OrdersTable;
  refund_requests: RefundRequestsTable;
  order_events: OrderEventsTable;
  order_lines: OrderLinesTable;
  mail_queue: MailQueueTable;
  restaurant_settings: RestaurantSettingsTable;
  kitchen_printers: KitchenPrintersTable;
  order_slots: OrderSlotsTable;
  slot_holds: SlotHoldsTable;
}

/** A time slot's lock row (migration 017): taken while the slot's places are counted. */
export interface OrderSlotsTable {
  /** UTC instant, ISO 8601. */
  slot_at: string;
}

/** One payment's place in a time slot (migration 017). */
export interface SlotHoldsTable {
  intent_id: string;
  slot_at: string;
  dishes: number;
  /** Until when a place not yet paid for is kept; null once the card was charged; the move's time once its order was rejected or cancelled (freed). */
  held_until: string | null;
}
