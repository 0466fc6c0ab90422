import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { APP_ROUTES, isAppRoute, paths, routeOf } from '../src/shared/paths.ts';

/** The route table of src/shared/paths.ts, from which the links, the server's answers and the router come. */
describe('route table', () => {
  it.each(Object.entries(APP_ROUTES))('%s names a page module that exports its Page', (_name, route) => {
    const file = `src/web/${route.page}`;
    expect(fs.existsSync(file), file).toBe(true);
    expect(fs.readFileSync(file, 'utf8')).toMatch(/export function Page\b/);
  });

  it('builds the links from the patterns', () => {
    expect(paths.home).toBe('/');
    expect(paths.myCart).toBe('/dashboard/my/cart');
    expect(paths.menu()).toBe('/order');
    expect(paths.menu('raw-special')).toBe('/order/raw-special');
    expect(paths.updateItem('a b/c')).toBe('/dashboard/update/item/a%20b%2Fc');
  });

  it('tells app routes (200) from other paths (404)', () => {
    for (const path of ['/', '/order', '/order/juice', '/order/juice/', '/dashboard', '/dashboard/update/item/42', '/signUp', '/auth/social-done']) {
      expect(isAppRoute(path), path).toBe(true);
    }
    for (const path of ['/nope', '/order/juice/more', '/dashboard/update/item', '/dashboard/update/item/', '/signup', '/about/x']) {
      expect(isAppRoute(path), path).toBe(false);
    }
    expect(routeOf('/order/spicy')).toBe(APP_ROUTES.menu);
  });
});
