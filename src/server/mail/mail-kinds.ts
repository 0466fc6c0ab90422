import type { FulfilmentType, OrderStatus } from '../../shared/orders.ts';

/** Queued as data, not HTML, so queuing is a small write; links are made absolute at queue time. */
export interface OrderLineData {
  name: string;
  quantity: number;
  /** "$ 14.50", as the shop shows prices. */
  unitPrice: string;
  lineTotal: string;
  /** The chosen options in words, one per group ("Size: Large (+$2.00)"); absent without options. */
  options?: string[];
}

export interface OrderMailBase {
  name: string;
  number: number;
  fulfilmentType: FulfilmentType;
  /** "Table 4", "Pickup on Sunday 29 November at 12:30", "Delivery to …": one line, in the restaurant's time. */
  fulfilment: string;
  orderLink: string;
  profileLink: string;
}

export interface MailKinds {
  'password-reset': { name: string; link: string; validMinutes: number };
  'verify-email': { name: string; link: string; validHours: number };
  /** To the new address: the change happens only when this link is used. */
  'email-change-confirm': { name: string; link: string; newEmail: string; validMinutes: number };
  /** To the old address, once the change is made. */
  'email-changed': { name: string; newEmail: string };
  /** The login captcha's characters, asked for instead of reading the picture (decision 0043). */
  'captcha-code': { name: string; characters: string };
  'order-receipt': OrderMailBase & {
    placedAt: string;
    lines: OrderLineData[];
    /** The delivery fee inside the total ("$3.50"), when one was charged. */
    deliveryFee?: string;
    /** The promo code and its discount inside the total ("SPROUT10", "$2.35"), when one was granted. */
    discount?: { code: string; amount: string };
    /** One row per tax rate ("Food 7 % included, on $ 13.55 net", "$ 0.95"), when the order has taxes. */
    taxes?: { label: string; amount: string }[];
    /** The customer's tip inside the total ("$ 4.56"), when one was given. */
    tip?: string;
    /** The restaurant as receipts name it: legal name, address, "Phone …", "Tax number …". */
    seller?: string[];
    total: string;
    note: string | null;
    transactionId: string;
  };
  /** `arrivesAround` (a delivery's ready time plus the ride, on the restaurant's clock) replaces the ready time in the words. */
  'order-accepted': OrderMailBase & { readyBy: string | null; arrivesAround?: string };
  /** Busy mode: staff pushed the ready time back; `readyBy` is the new time on the restaurant's clock. */
  'order-delayed': OrderMailBase & { readyBy: string; arrivesAround?: string };
  'order-ready': OrderMailBase;
  /** A delivery left the kitchen with its rider; `arrivesAround` is the ride's end. */
  'order-on-its-way': OrderMailBase & { arrivesAround?: string };
  'order-cancelled': OrderMailBase & {
    status: Extract<OrderStatus, 'cancelled' | 'rejected'>;
    reason: string | null;
    /** "Refund of $14.50 on its way", or null when nothing was paid back. */
    refund: string | null;
  };
  /** An administrator's refund that the provider confirmed (each one its own mail). */
  'order-refund': OrderMailBase & {
    /** "$ 4.50", what this refund gave back. */
    amount: string;
    /** "2 × Green bowl", for a refund of chosen lines; empty for an amount. */
    lines: string[];
    /** "$ 9.00 of $ 24.50", all the refunds of the order so far against what was paid. */
    refundedOfPaid: string;
  };
}

export type MailTemplate = keyof MailKinds;

export type Mail = { [T in MailTemplate]: { template: T; data: MailKinds[T] } }[MailTemplate];

export function isMailTemplate(name: string): name is MailTemplate {
  return (MAIL_TEMPLATES as readonly string[]).includes(name);
}

export const MAIL_TEMPLATES = [
  'password-reset',
  'verify-email',
  'email-change-confirm',
  'email-changed',
  'captcha-code',
  'order-receipt',
  'order-accepted',
  'order-delayed',
  'order-ready',
  'order-on-its-way',
  'order-cancelled',
  'order-refund',
] as const satisfies readonly MailTemplate[];
