import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminReview, Review } from '../src/shared/reviews.ts';
import { signUpUser, type TestUser } from './helpers/auth.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * The owner hides, shows again and deletes reviews, the demo's too (issue 43, point 9); the public
 * list (a snapshot with an ETag) changes at once, and bad input changes nothing.
 */
let t: TestApp;
let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  admin = await signUpUser(t.app, { admin: true });
  customer = await signUpUser(t.app);
});
afterAll(async () => t.close());

const publicReviews = async (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/api/review', headers });
const ownerList = async () => (await t.app.inject({ method: 'GET', url: '/api/admin/reviews', headers: admin.headers })).json<AdminReview[]>();

describe('Manage Reviews (issue 43, point 9)', () => {
  it('hides a demo review from the public list at once, its ETag changing, and shows it again', async () => {
    const before = await publicReviews();
    const etag = before.headers.etag as string;
    const [first] = before.json<Review[]>();
    expect(first).toBeDefined();

    const hide = await t.app.inject({ method: 'PATCH', url: `/api/admin/reviews/${first!._id}`, headers: admin.headers, payload: { hidden: true } });
    expect(hide.statusCode).toBe(200);
    expect(hide.json()).toEqual({ modifiedCount: 1 });

    const after = await publicReviews({ 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.json<Review[]>().map((r) => r._id)).not.toContain(first!._id);
    expect(after.json<Review[]>()).toHaveLength(before.json<Review[]>().length - 1);
    // The owner still sees it, marked.
    expect((await ownerList()).find((r) => r._id === first!._id)).toMatchObject({ hidden: true });

    await t.app.inject({ method: 'PATCH', url: `/api/admin/reviews/${first!._id}`, headers: admin.headers, payload: { hidden: false } });
    expect((await publicReviews()).json<Review[]>()).toEqual(before.json<Review[]>());
  });

  it('deletes a review: gone from both lists, and a second delete is a 404', async () => {
    const [, second] = (await publicReviews()).json<Review[]>();
    const del = await t.app.inject({ method: 'DELETE', url: `/api/admin/reviews/${second!._id}`, headers: admin.headers });
    expect(del.json()).toEqual({ deletedCount: 1 });
    expect((await publicReviews()).json<Review[]>().map((r) => r._id)).not.toContain(second!._id);
    expect((await ownerList()).map((r) => r._id)).not.toContain(second!._id);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/admin/reviews/${second!._id}`, headers: admin.headers });
    expect(again.statusCode).toBe(404);
    expect(again.json<{ message: string }>().message).toBe('That review does not exist (any more).');
  });

  it('refuses a customer (403) and bad input (400), changing nothing', async () => {
    const before = (await publicReviews()).json<Review[]>();
    const id = before[0]!._id;
    const asCustomer = await t.app.inject({ method: 'PATCH', url: `/api/admin/reviews/${id}`, headers: customer.headers, payload: { hidden: true } });
    expect(asCustomer.statusCode).toBe(403);
    const deleteAsCustomer = await t.app.inject({ method: 'DELETE', url: `/api/admin/reviews/${id}`, headers: customer.headers });
    expect(deleteAsCustomer.statusCode).toBe(403);
    const bad = await t.app.inject({ method: 'PATCH', url: `/api/admin/reviews/${id}`, headers: admin.headers, payload: { hidden: 'yes' } });
    expect(bad.statusCode).toBe(400);
    const extra = await t.app.inject({ method: 'PATCH', url: `/api/admin/reviews/${id}`, headers: admin.headers, payload: { hidden: true, name: 'Owner' } });
    expect(extra.statusCode).toBe(400);
    expect((await publicReviews()).json<Review[]>()).toEqual(before);
  });
});
