import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAVED_ADDRESSES_MAX, savedAddressListSchema, type SavedAddress, type SavedAddressInput } from '../src/shared/saved-addresses.ts';
import { signUpUser, type TestUser } from './helpers/auth.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Saved delivery addresses (issue 42, docs/product.md): each customer's own, through the real app
 * and database; another customer's id is a 404 that changes nothing.
 */
let t: TestApp;
let ann: TestUser;
let bob: TestUser;

const HOME: SavedAddressInput = { address: { line1: '12 Orchard Lane', line2: 'Flat 3', city: 'Springfield', postalCode: '10115' }, phone: '+1 555 0100' };
const WORK: SavedAddressInput = { address: { line1: '1 Market Square', city: 'Springfield', postalCode: '12345' }, phone: '+1 555 0199' };

beforeAll(async () => {
  t = await createTestApp();
  [ann, bob] = await Promise.all([signUpUser(t.app), signUpUser(t.app)]);
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: TestUser | undefined, payload?: unknown) =>
  t.app.inject({ method, url, headers: user?.headers, ...(payload === undefined ? {} : { payload: payload as object }) });

async function addressesOf(user: TestUser): Promise<SavedAddress[]> {
  const res = await call('GET', '/api/account/addresses', user);
  expect(res.statusCode).toBe(200);
  return savedAddressListSchema.parse(res.json());
}

const rowsOf = (userId: string) => t.database.db.selectFrom('saved_addresses').selectAll().where('user_id', '=', userId).execute();

describe('saved addresses', () => {
  it('saves, lists the last used first, and saves the same place once with its new phone', async () => {
    const home = await call('POST', '/api/account/addresses', ann, HOME);
    expect(home.statusCode).toBe(201);
    expect(home.json()).toMatchObject({ address: HOME.address, phone: HOME.phone });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await call('POST', '/api/account/addresses', ann, WORK)).statusCode).toBe(201);
    expect((await addressesOf(ann)).map((a) => a.address.line1)).toEqual(['1 Market Square', '12 Orchard Lane']);

    // The same address typed otherwise is the same place: its phone changes and it comes first again.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const again = await call('POST', '/api/account/addresses', ann, { ...HOME, address: { ...HOME.address, line1: '12 orchard  lane' }, phone: '+1 555 0111' });
    expect(again.statusCode).toBe(200);
    expect(again.json<SavedAddress>().id).toBe(home.json<SavedAddress>().id);
    const list = await addressesOf(ann);
    expect(list.map((a) => [a.address.line1, a.phone])).toEqual([
      ['12 orchard  lane', '+1 555 0111'],
      ['1 Market Square', WORK.phone],
    ]);
    expect(await addressesOf(bob)).toEqual([]);
  });

  it("answers 404 for another customer's address and changes nothing", async () => {
    const { id } = (await call('POST', '/api/account/addresses', bob, WORK)).json<SavedAddress>();
    const before = await rowsOf(bob.id);
    const edit = await call('PUT', `/api/account/addresses/${id}`, ann, HOME);
    expect(edit.statusCode).toBe(404);
    expect(edit.json()).toMatchObject({ message: 'No saved address with this id' });
    expect((await call('DELETE', `/api/account/addresses/${id}`, ann)).statusCode).toBe(404);
    expect(await rowsOf(bob.id)).toEqual(before);
    expect((await addressesOf(ann)).some((a) => a.id === id)).toBe(false);
    // Without a session, nothing at all.
    expect((await call('GET', '/api/account/addresses', undefined)).statusCode).toBe(401);
    expect((await call('POST', '/api/account/addresses', undefined, HOME)).statusCode).toBe(401);
  });

  it('edits and deletes the caller’s own', async () => {
    const cleo = await signUpUser(t.app);
    const { id } = (await call('POST', '/api/account/addresses', cleo, HOME)).json<SavedAddress>();
    const edit = await call('PUT', `/api/account/addresses/${id}`, cleo, WORK);
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ id, address: WORK.address, phone: WORK.phone });
    expect((await addressesOf(cleo)).map((a) => a.address)).toEqual([WORK.address]);
    expect((await call('DELETE', `/api/account/addresses/${id}`, cleo)).json()).toEqual({ ok: true });
    expect(await addressesOf(cleo)).toEqual([]);
    expect((await call('DELETE', `/api/account/addresses/${id}`, cleo)).statusCode).toBe(404);
  });

  it('refuses a bad address with one message per field, and fields of its own, saving nothing', async () => {
    const dora = await signUpUser(t.app);
    const bad = await call('POST', '/api/account/addresses', dora, { address: { line1: ' ', city: 'Springfield', postalCode: '' }, phone: '12' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors).toEqual({
      'address.line1': ['Enter the street and number'],
      'address.postalCode': ['Enter the postal code'],
      phone: ['Enter a valid phone number'],
    });
    // An owner or an id in the body is refused, not quietly dropped.
    expect((await call('POST', '/api/account/addresses', dora, { ...HOME, userId: ann.id })).statusCode).toBe(400);
    expect((await call('PUT', `/api/account/addresses/${'x'.repeat(101)}`, dora, HOME)).statusCode).toBe(400);
    expect(await rowsOf(dora.id)).toEqual([]);
  });

  it(`keeps at most ${SAVED_ADDRESSES_MAX} addresses`, async () => {
    const eve = await signUpUser(t.app);
    for (let i = 0; i < SAVED_ADDRESSES_MAX; i++) {
      expect((await call('POST', '/api/account/addresses', eve, { ...WORK, address: { ...WORK.address, line1: `${i + 1} Market Square` } })).statusCode).toBe(201);
    }
    const full = await call('POST', '/api/account/addresses', eve, HOME);
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ message: `You can save up to ${SAVED_ADDRESSES_MAX} addresses. Delete one first.` });
    expect(await rowsOf(eve.id)).toHaveLength(SAVED_ADDRESSES_MAX);
  });

  it('is part of the data export, and deleted with the account', async () => {
    const finn = await signUpUser(t.app);
    const saved = (await call('POST', '/api/account/addresses', finn, HOME)).json<SavedAddress>();
    const exported = await call('GET', '/api/account/export', finn);
    expect(exported.statusCode).toBe(200);
    expect(JSON.parse(exported.body)).toMatchObject({ savedAddresses: [saved] });
    // Another customer's export has none of them.
    expect(JSON.parse((await call('GET', '/api/account/export', bob)).body).savedAddresses.some((a: SavedAddress) => a.id === saved.id)).toBe(false);

    const deleted = await call('DELETE', '/api/account', finn, { password: finn.password });
    expect(deleted.statusCode).toBe(200);
    expect(await rowsOf(finn.id)).toEqual([]);
  });
});
