import { describe, expect, it } from 'vitest';
import { draftFromOrder, draftWithSaved, EMPTY_DRAFT, fulfilmentFieldErrors, savedAddressOf, validateDraft, withAddress, type FulfilmentDraft } from '../../../../src/web/orders/checkout/fulfilment-draft.ts';
import type { SavedAddress } from '../../../../src/shared/saved-addresses.ts';
import type { Order } from '../../../../src/shared/orders.ts';
import { translatorFor } from '../../../../src/server/i18n/translator.ts';

/**
 * The checkout's first step as typed (src/web/orders/checkout/fulfilment-draft.ts): the newest
 * order's way offered again, the draft checked with the server's own schema, and the server's
 * field errors keyed as the form's fields.
 */
const draft = (fields: Partial<FulfilmentDraft>): FulfilmentDraft => ({ ...EMPTY_DRAFT, ...fields });

const ADDRESS = { line1: '1 Green Street', line2: 'Flat 2', city: 'Springfield', postalCode: '12345' };

function lastOrder(fulfilment: Order['fulfilment']): Order {
  return {
    _id: 'order-1',
    number: 1001,
    status: 'completed',
    fulfilment,
    note: 'No onions, please',
    lines: [],
    total: 10,
    customer: { name: 'Ann', email: 'ann@example.com' },
    transactionId: 'pi_1',
    createdAt: '2026-03-27T12:00:00.000Z',
    readyBy: null,
    reason: null,
    timeline: [],
  };
}

describe('draftFromOrder', () => {
  it('starts empty, at a table, without an earlier order', () => {
    expect(draftFromOrder(undefined)).toEqual(EMPTY_DRAFT);
    expect(draftFromOrder(null)).toEqual(EMPTY_DRAFT);
    expect(EMPTY_DRAFT.type).toBe('table');
  });

  it('offers the same table again', () => {
    expect(draftFromOrder(lastOrder({ type: 'table', table: '12' }))).toEqual(draft({ type: 'table', table: '12' }));
  });

  it('offers the same address and phone again, but not the note (another meal)', () => {
    expect(draftFromOrder(lastOrder({ type: 'delivery', address: ADDRESS, phone: '+1 555 0100' }))).toEqual(
      draft({ type: 'delivery', ...ADDRESS, phone: '+1 555 0100' }),
    );
  });

  it('offers pickup again, but not its time (that was another day)', () => {
    expect(draftFromOrder(lastOrder({ type: 'pickup', pickupAt: '2026-03-27T12:30:00.000Z' }))).toEqual(draft({ type: 'pickup' }));
  });
});

const SAVED: SavedAddress[] = [
  { id: 'a1', address: { line1: '1 Market Square', city: 'Springfield', postalCode: '12345' }, phone: '+1 555 0199', createdAt: '2026-03-27T12:00:00.000Z', usedAt: '2026-03-28T12:00:00.000Z' },
  { id: 'a2', address: ADDRESS, phone: '+1 555 0100', createdAt: '2026-03-20T12:00:00.000Z', usedAt: '2026-03-21T12:00:00.000Z' },
];

describe('saved addresses in the draft', () => {
  it('fills the last used address and phone when the newest order left none, keeping its way', () => {
    const pickup = draftFromOrder(lastOrder({ type: 'pickup' }));
    expect(draftWithSaved(pickup, SAVED)).toEqual(draft({ type: 'pickup', line1: '1 Market Square', city: 'Springfield', postalCode: '12345', phone: '+1 555 0199' }));
    expect(draftWithSaved(EMPTY_DRAFT, [])).toEqual(EMPTY_DRAFT);
    expect(draftWithSaved(EMPTY_DRAFT, undefined)).toEqual(EMPTY_DRAFT);
  });

  it("keeps the newest delivery's own address over the list", () => {
    const delivery = draftFromOrder(lastOrder({ type: 'delivery', address: ADDRESS, phone: '+1 555 0100' }));
    expect(draftWithSaved(delivery, SAVED)).toEqual(delivery);
    expect(savedAddressOf(delivery, SAVED)?.id).toBe('a2');
  });

  it('chooses a saved address into the fields, and knows a typed change is none of them', () => {
    const chosen = withAddress(draft({ type: 'delivery', note: 'Ring twice' }), SAVED[1]!);
    expect(chosen).toEqual(draft({ type: 'delivery', ...ADDRESS, phone: '+1 555 0100', note: 'Ring twice' }));
    expect(savedAddressOf({ ...chosen, phone: '+1 555 0000' }, SAVED)).toBeUndefined();
  });
});

describe('validateDraft', () => {
  it('sends the chosen way only, without the fields of the others', () => {
    const result = validateDraft(draft({ type: 'table', table: '12', ...ADDRESS, phone: '+1 555 0100' }));
    expect(result).toEqual({ request: { type: 'table', table: '12' } });
  });

  it('sends the one time field as the way’s own: a table’s or a delivery’s scheduledAt (orders for later)', () => {
    const at = '2026-03-28T12:30:00.000Z';
    expect(validateDraft(draft({ type: 'table', table: '12', pickupAt: at }))).toEqual({ request: { type: 'table', table: '12', scheduledAt: at } });
    expect(validateDraft(draft({ type: 'delivery', ...ADDRESS, phone: '+1 555 0100', pickupAt: at }))).toMatchObject({ request: { type: 'delivery', scheduledAt: at } });
    expect(fulfilmentFieldErrors({ 'fulfilment.scheduledAt': ['Choose a time'] })).toEqual({ pickupAt: ['Choose a time'] });
  });

  it("sends a pickup without a time as 'as soon as possible', and with one as typed", () => {
    expect(validateDraft(draft({ type: 'pickup' }))).toEqual({ request: { type: 'pickup' } });
    expect(validateDraft(draft({ type: 'pickup', pickupAt: '2026-03-28T12:30:00.000Z' }))).toEqual({ request: { type: 'pickup', pickupAt: '2026-03-28T12:30:00.000Z' } });
  });

  it('sends a delivery with its address and phone, an empty second line and a blank note left out', () => {
    const result = validateDraft(draft({ type: 'delivery', ...ADDRESS, line2: '', phone: '+1 555 0100', note: '   ' }));
    expect(result).toEqual({ request: { type: 'delivery', address: { line1: ADDRESS.line1, city: ADDRESS.city, postalCode: ADDRESS.postalCode }, phone: '+1 555 0100' } });
  });

  it('sends the note to the kitchen, trimmed as the server keeps it', () => {
    expect(validateDraft(draft({ table: '3', note: '  No onions  ' }))).toEqual({ request: { type: 'table', table: '3', note: 'No onions' } });
  });

  it("answers the server's messages keyed by the form's fields", () => {
    expect(validateDraft(draft({ type: 'table', table: '  ' }))).toEqual({ errors: { table: ['Enter your table'] } });
    const delivery = validateDraft(draft({ type: 'delivery', line1: '1 Green Street', postalCode: '#?', phone: '12' }));
    expect(delivery).toEqual({
      errors: {
        'address.city': ['Enter the city'],
        'address.postalCode': ['Enter a valid postal code'],
        phone: ['Enter a valid phone number'],
      },
    });
    expect(validateDraft(draft({ type: 'pickup', pickupAt: 'noon' }))).toHaveProperty(['errors', 'pickupAt']);
    expect(validateDraft(draft({ table: '3', note: 'x'.repeat(501) }))).toEqual({ errors: { note: ['At most 500 characters'] } });
  });

  it('answers one message per field: an empty field says only that it is empty', () => {
    expect(validateDraft(draft({ type: 'delivery' }))).toEqual({
      errors: {
        'address.line1': ['Enter the street and number'],
        'address.city': ['Enter the city'],
        'address.postalCode': ['Enter the postal code'],
        phone: ['Enter a phone number'],
      },
    });
    expect(validateDraft(draft({ type: 'delivery', ...ADDRESS, postalCode: `#${'1'.repeat(30)}`, phone: '+1 555 0100' }))).toEqual({
      errors: { 'address.postalCode': ['At most 20 characters'] },
    });
  });
});

describe('fulfilmentFieldErrors', () => {
  it("keeps one message per field of the server's answer", () => {
    expect(fulfilmentFieldErrors({ 'fulfilment.address.postalCode': ['Enter the postal code', 'Enter a valid postal code'] })).toEqual({
      'address.postalCode': ['Enter the postal code'],
    });
  });

  it("keeps the fulfilment's errors of the server's answer, keyed as the form's fields", () => {
    expect(
      fulfilmentFieldErrors({
        'fulfilment.address.city': ['Enter the city'],
        'fulfilment.table': ['Enter your table'],
        fulfilment: ['Choose how the meal reaches you'],
        price: ['Ignored'],
        fulfilmentNote: ['Not a fulfilment field'],
      }),
    ).toEqual({ 'address.city': ['Enter the city'], table: ['Enter your table'], type: ['Choose how the meal reaches you'] });
  });

  it('answers nothing when none of the errors is about the fulfilment', () => {
    expect(fulfilmentFieldErrors(undefined)).toBeUndefined();
    expect(fulfilmentFieldErrors({})).toBeUndefined();
    expect(fulfilmentFieldErrors({ price: ['Ignored'] })).toBeUndefined();
  });
});

describe('validateDraft in the reader’s language', () => {
  const empty = [draft({ type: 'table' }), draft({ type: 'delivery', postalCode: '#', phone: '12' }), draft({ type: 'delivery', line1: 'x'.repeat(201) })];

  it('words every field error in English exactly as the schema does', () => {
    for (const typed of empty) expect(validateDraft(typed, translatorFor('en'))).toEqual(validateDraft(typed));
  });

  it('words them in German', () => {
    const de = translatorFor('de');
    expect(validateDraft(empty[0]!, de)).toEqual({ errors: { table: ['Geben Sie Ihren Tisch an'] } });
    expect(validateDraft(empty[1]!, de)).toEqual({
      errors: {
        'address.line1': ['Geben Sie Straße und Hausnummer an'],
        'address.city': ['Geben Sie den Ort an'],
        'address.postalCode': ['Geben Sie eine gültige Postleitzahl an'],
        phone: ['Geben Sie eine gültige Telefonnummer an'],
      },
    });
    expect(validateDraft(empty[2]!, de)).toMatchObject({ errors: { 'address.line1': ['Höchstens 200 Zeichen'] } });
  });
});
