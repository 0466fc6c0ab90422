import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLE_TEXTS, type RestaurantTable } from '../src/shared/tables.ts';
import { signUpUser, type TestUser } from './helpers/auth.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * The restaurant's tables and their signed links (src/server/tables/) through the real app and
 * database: the owner's list, and which table a link opens (none after regenerate or removal).
 */
let t: TestApp;
let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpUser(t.app, { admin: true });
  customer = await signUpUser(t.app);
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: TestUser | undefined, payload?: unknown) =>
  t.app.inject({ method, url, headers: user?.headers, ...(payload === undefined ? {} : { payload: payload as object }) });

async function addTable(name: string, area?: string): Promise<RestaurantTable> {
  const res = await call('POST', '/api/admin/tables', admin, area === undefined ? { name } : { name, area });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<RestaurantTable>();
}

const tokenOf = (table: RestaurantTable) => decodeURIComponent(table.path.replace(/^\/t\//, ''));
const opened = (token: string) => call('GET', `/api/tables/${encodeURIComponent(token)}`, undefined);
const rows = () => t.database.db.selectFrom('restaurant_tables').selectAll().orderBy('id').execute();

describe('tables', () => {
  it('adds, lists, renames and removes tables, each with its link', async () => {
    const seven = await addTable('7', 'Terrace');
    const bar = await addTable(' Bar 1 ');
    expect(seven).toMatchObject({ name: '7', area: 'Terrace' });
    expect(bar).toMatchObject({ name: 'Bar 1', area: null });
    expect(seven.path).toMatch(/^\/t\/[^/]+$/);

    const list = await call('GET', '/api/admin/tables', admin);
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.json<RestaurantTable[]>().map((table) => [table.name, table.area, table.path])).toEqual([
      ['7', 'Terrace', seven.path],
      ['Bar 1', null, bar.path],
    ]);

    // A rename keeps the code: the printed sheet still opens the table, under its new name.
    const renamed = await call('PUT', `/api/admin/tables/${seven.id}`, admin, { name: '7A', area: 'Garden' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<RestaurantTable>()).toEqual({ ...seven, name: '7A', area: 'Garden' });
    expect((await opened(tokenOf(seven))).json()).toEqual({ name: '7A', area: 'Garden' });

    expect((await call('DELETE', `/api/admin/tables/${bar.id}`, admin)).json()).toEqual({ deletedCount: 1 });
    expect((await call('DELETE', `/api/admin/tables/${bar.id}`, admin)).statusCode).toBe(404);
    expect((await rows()).map((row) => row.name)).toEqual(['7A']);
  });

  it('refuses a bad or duplicate table and changes nothing', async () => {
    const before = await rows();
    for (const body of [{}, { name: '' }, { name: '   ' }, { name: 'x'.repeat(31) }, { name: 'ok', area: 'y'.repeat(41) }, { name: 'ok', id: 'mine' }]) {
      const res = await call('POST', '/api/admin/tables', admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const taken = await call('POST', '/api/admin/tables', admin, { name: '7A' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(TABLE_TEXTS.nameTaken);
    const other = await addTable('9');
    expect((await call('PUT', `/api/admin/tables/${other.id}`, admin, { name: '7A' })).statusCode).toBe(409);
    expect((await call('PUT', '/api/admin/tables/no-such-table', admin, { name: '10' })).statusCode).toBe(404);
    expect((await call('POST', '/api/admin/tables/no-such-table/regenerate', admin)).statusCode).toBe(404);
    expect((await rows()).filter((row) => row.id !== other.id)).toEqual(before);
    // A customer neither lists nor adds.
    expect((await call('GET', '/api/admin/tables', customer)).statusCode).toBe(403);
    expect((await call('POST', '/api/admin/tables', customer, { name: '11' })).statusCode).toBe(403);
    expect((await rows()).map((row) => row.name).sort()).toEqual(['7A', '9']);
  });

  it('adds one table of two added at once under one name, the other told why', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => call('POST', '/api/admin/tables', admin, { name: 'Twin' })));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect((await rows()).filter((row) => row.name === 'Twin')).toHaveLength(1);
  });

  it('opens the table a link names, and never another after regenerate, removal or tampering', async () => {
    const one = await addTable('1', 'Terrace');
    const two = await addTable('2');
    expect((await opened(tokenOf(one))).json()).toEqual({ name: '1', area: 'Terrace' });
    expect((await opened(tokenOf(two))).json()).toEqual({ name: '2', area: null });

    // Another table's id under this table's signature, a changed version, a made-up token: none opens.
    const [oneId, oneVersion, oneSignature] = tokenOf(one).split('.') as [string, string, string];
    const [twoId] = tokenOf(two).split('.') as [string];
    for (const forged of [`${twoId}.${oneVersion}.${oneSignature}`, `${oneId}.2.${oneSignature}`, `${oneId}.${oneVersion}.${'A'.repeat(22)}`, 'not-a-token', `${tokenOf(one)}x`]) {
      const res = await opened(forged);
      expect(res.statusCode, forged).toBe(404);
      expect(res.json().message).toBe(TABLE_TEXTS.linkInvalid);
    }

    // Regenerate: the new link opens the table, the printed one no longer does.
    const regenerated = await call('POST', `/api/admin/tables/${one.id}/regenerate`, admin);
    expect(regenerated.statusCode).toBe(200);
    const fresh = regenerated.json<RestaurantTable>();
    expect(fresh.path).not.toBe(one.path);
    expect((await opened(tokenOf(fresh))).json()).toEqual({ name: '1', area: 'Terrace' });
    expect((await opened(tokenOf(one))).statusCode).toBe(404);

    // Removed: its link opens no table, and a new table of the same name gets a link of its own.
    await call('DELETE', `/api/admin/tables/${two.id}`, admin);
    expect((await opened(tokenOf(two))).statusCode).toBe(404);
    const again = await addTable('2');
    expect(again.path).not.toBe(two.path);
    expect((await opened(tokenOf(two))).statusCode).toBe(404);
  });
});
