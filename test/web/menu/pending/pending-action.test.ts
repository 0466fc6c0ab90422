import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rememberPendingAction, takePendingAction } from '../../../../src/web/menu/pending/pending-action.ts';

/**
 * A visitor's add or heart kept while they log in (src/web/menu/pending/pending-action.ts): done
 * once, dropped when old or not what the shop wrote. Node has no sessionStorage: a Map stands in.
 */
const KEY = 'raw-roots-pending-action';
const store = new Map<string, string>();
const storage = {
  getItem: (key: string) => store.get(key) ?? null,
  setItem: (key: string, value: string) => void store.set(key, value),
  removeItem: (key: string) => void store.delete(key),
};
const DISH = { _id: 'dish-1', name: 'Green Bowl' };

beforeEach(() => {
  store.clear();
  vi.stubGlobal('sessionStorage', storage);
  vi.useFakeTimers({ now: new Date('2026-03-28T12:00:00Z'), toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('pending actions', () => {
  it('gives back what was asked for, once', () => {
    rememberPendingAction('favourite', DISH);
    expect(takePendingAction()).toEqual({ kind: 'favourite', itemId: 'dish-1', name: 'Green Bowl', at: Date.now() });
    expect(takePendingAction()).toBeNull();
  });

  it('keeps only the latest wish', () => {
    rememberPendingAction('favourite', DISH);
    rememberPendingAction('cart', { _id: 'dish-2', name: 'Mango Juice' });
    expect(takePendingAction()).toMatchObject({ kind: 'cart', itemId: 'dish-2' });
  });

  it('drops a wish older than half an hour', () => {
    rememberPendingAction('cart', DISH);
    vi.setSystemTime(Date.now() + 29 * 60_000);
    expect(takePendingAction()).toMatchObject({ kind: 'cart' });
    rememberPendingAction('cart', DISH);
    vi.setSystemTime(Date.now() + 30 * 60_000);
    expect(takePendingAction()).toBeNull();
    expect(store.has(KEY)).toBe(false);
  });

  it('drops what the shop did not write: another kind, a missing field, broken JSON', () => {
    const at = Date.now();
    for (const text of [
      JSON.stringify({ kind: 'order', itemId: 'dish-1', name: 'Green Bowl', at }),
      JSON.stringify({ kind: 'cart', name: 'Green Bowl', at }),
      JSON.stringify({ kind: 'cart', itemId: 'dish-1', name: 'Green Bowl', at: String(at) }),
      '{"kind":',
    ]) {
      store.set(KEY, text);
      expect(takePendingAction(), text).toBeNull();
      expect(store.has(KEY)).toBe(false);
    }
  });

  it('does without storage when the browser refuses it', () => {
    const refusing = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('full'); }, removeItem: () => { throw new Error('denied'); } };
    vi.stubGlobal('sessionStorage', refusing);
    expect(() => rememberPendingAction('cart', DISH)).not.toThrow();
    expect(takePendingAction()).toBeNull();
  });
});
