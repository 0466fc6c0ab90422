import type { MessageId, Translate } from '../../../shared/i18n/catalogue.ts';
import type { FulfilmentType } from '../../../shared/order-workflow.ts';
import { fulfilmentRequestSchema, type FulfilmentRequest, type Order } from '../../../shared/orders.ts';
import type { SavedAddress } from '../../../shared/saved-addresses.ts';

/** The fulfilment form's fields as typed; '' is an empty field (and, for pickupAt, the time of any way, as soon as possible). */
export interface FulfilmentDraft {
  type: FulfilmentType;
  table: string;
  pickupAt: string;
  line1: string;
  line2: string;
  city: string;
  postalCode: string;
  phone: string;
  note: string;
  /** A delivery's address and phone are saved to the account once the payment is prepared. */
  saveAddress: boolean;
}

export type FieldErrors = Record<string, string[]>;

/** One message per field, the first the schema found: two at once read as a stutter ("Enter the postal code Enter a valid postal code"). */
function firstOnly(errors: FieldErrors): FieldErrors {
  return Object.fromEntries(Object.entries(errors).map(([key, messages]) => [key, messages.slice(0, 1)]));
}

export const EMPTY_DRAFT: FulfilmentDraft = {
  type: 'table',
  table: '',
  pickupAt: '',
  line1: '',
  line2: '',
  city: '',
  postalCode: '',
  phone: '',
  note: '',
  saveAddress: true,
};

/**
 * The way of the customer's newest order, offered again: the same table, or the same address and
 * phone. Not its pickup time (that was another day) nor its note (that was another meal).
 */
export function draftFromOrder(order: Order | null | undefined): FulfilmentDraft {
  if (!order) return EMPTY_DRAFT;
  const { fulfilment } = order;
  return {
    ...EMPTY_DRAFT,
    type: fulfilment.type,
    table: fulfilment.table ?? '',
    line1: fulfilment.address?.line1 ?? '',
    line2: fulfilment.address?.line2 ?? '',
    city: fulfilment.address?.city ?? '',
    postalCode: fulfilment.address?.postalCode ?? '',
    phone: fulfilment.phone ?? '',
  };
}

/** A saved address's fields in the draft, the rest of the draft (the way, the note) as it was. */
export function withAddress(draft: FulfilmentDraft, saved: SavedAddress): FulfilmentDraft {
  const { line1, line2, city, postalCode } = saved.address;
  return { ...draft, line1, line2: line2 ?? '', city, postalCode, phone: saved.phone };
}

/**
 * The newest order's way with the account's last used address filled in when that order left
 * none (a pickup or a table): a second delivery needs no typing whatever came between.
 */
export function draftWithSaved(draft: FulfilmentDraft, saved: readonly SavedAddress[] | undefined): FulfilmentDraft {
  const last = saved?.[0];
  return last && draft.line1 === '' ? withAddress(draft, last) : draft;
}

/** The saved address the draft's fields are, if any (the list's choice shows it). */
export function savedAddressOf(draft: FulfilmentDraft, saved: readonly SavedAddress[] | undefined): SavedAddress | undefined {
  return saved?.find(
    (s) => s.address.line1 === draft.line1 && (s.address.line2 ?? '') === draft.line2 && s.address.city === draft.city && s.address.postalCode === draft.postalCode && s.phone === draft.phone,
  );
}

const optional = (value: string) => (value.trim() === '' ? undefined : value);

/** The request of the chosen way only: the fields of the other ways are not sent. */
function requestOf(draft: FulfilmentDraft): unknown {
  const note = optional(draft.note);
  switch (draft.type) {
    case 'table':
      return { type: 'table', table: draft.table, scheduledAt: optional(draft.pickupAt), note };
    case 'pickup':
      return { type: 'pickup', pickupAt: optional(draft.pickupAt), note };
    case 'delivery':
      return {
        type: 'delivery',
        address: { line1: draft.line1, line2: optional(draft.line2), city: draft.city, postalCode: draft.postalCode },
        phone: draft.phone,
        scheduledAt: optional(draft.pickupAt),
        note,
      };
  }
}

/**
 * The schema's messages in the catalogue, by field and by what the schema found: an empty field
 * (too_small), a malformed one (invalid_format); too long a text is one message for every field.
 */
const FIELD_ERROR_IDS: Readonly<Record<string, Partial<Record<string, MessageId>>>> = {
  table: { too_small: 'checkout.error.table' },
  'address.line1': { too_small: 'checkout.error.line1' },
  'address.city': { too_small: 'checkout.error.city' },
  'address.postalCode': { too_small: 'checkout.error.postalCode', invalid_format: 'checkout.error.postalCodeInvalid' },
  phone: { too_small: 'checkout.error.phone', invalid_format: 'checkout.error.phoneInvalid' },
};

/**
 * Checks the draft with the server's own schema: the same messages before and after sending, in
 * the reader's language when `t` is given (English reads as the schema words it).
 */
export function validateDraft(draft: FulfilmentDraft, t?: Translate): { request: FulfilmentRequest } | { errors: FieldErrors } {
  const parsed = fulfilmentRequestSchema.safeParse(requestOf(draft));
  if (parsed.success) return { request: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.');
    const id = issue.code === 'too_big' ? 'checkout.error.tooLong' : FIELD_ERROR_IDS[key]?.[issue.code];
    const message = t && id ? t(id, { max: issue.code === 'too_big' ? Number(issue.maximum) : undefined }) : issue.message;
    (errors[formKey(key)] ??= []).push(message);
  }
  return { errors: firstOnly(errors) };
}

/** The server's field errors of POST /api/create-payment-intent, keyed like the form's ("address.city"). */
export function fulfilmentFieldErrors(fieldErrors: FieldErrors | undefined): FieldErrors | undefined {
  if (!fieldErrors) return undefined;
  const errors: FieldErrors = {};
  for (const [key, messages] of Object.entries(fieldErrors)) {
    if (key === 'fulfilment' || key.startsWith('fulfilment.')) errors[formKey(key.replace(/^fulfilment\.?/, '') || 'type')] = messages;
  }
  return Object.keys(errors).length > 0 ? firstOnly(errors) : undefined;
}

/** The form has one time field for every way: a table's or a delivery's `scheduledAt` is its `pickupAt`. */
const formKey = (key: string) => (key === 'scheduledAt' ? 'pickupAt' : key);
