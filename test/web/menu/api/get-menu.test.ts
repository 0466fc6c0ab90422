import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { fromCachedMenu, MENU_QUERY_KEY } from '../../../../src/web/menu/api/get-menu.ts';
import type { MenuItem } from '../../../../src/shared/menu.ts';

/**
 * A part of the cached menu as another query's first data (src/web/menu/api/get-menu.ts,
 * fromCachedMenu): a category or a dish drawn without a request when the whole menu is known, and
 * read anew once a menu change has invalidated it.
 */
const item = (id: string, category: string) => ({ _id: id, name: `Dish ${id}`, category }) as unknown as MenuItem;
const MENU = [item('a', 'offered'), item('b', 'juice'), item('c', 'offered')];
const offered = (menu: MenuItem[]) => menu.filter((i) => i.category === 'offered');

describe('fromCachedMenu', () => {
  it('has no first data while the menu is not cached', () => {
    const client = new QueryClient();
    const { initialData, initialDataUpdatedAt } = fromCachedMenu(client, offered);
    expect(initialData()).toBeUndefined();
    expect(initialDataUpdatedAt()).toBeUndefined();
  });

  it('answers the part of the cached menu, as fresh as the menu', () => {
    const client = new QueryClient();
    client.setQueryData(MENU_QUERY_KEY, MENU, { updatedAt: 1_700_000_000_000 });
    const { initialData, initialDataUpdatedAt } = fromCachedMenu(client, offered);
    expect(initialData()).toEqual([MENU[0], MENU[2]]);
    expect(initialDataUpdatedAt()).toBe(1_700_000_000_000);
  });

  it('answers nothing once a menu change has invalidated the cached menu', async () => {
    const client = new QueryClient();
    client.setQueryData(MENU_QUERY_KEY, MENU);
    await client.invalidateQueries({ queryKey: MENU_QUERY_KEY });
    expect(fromCachedMenu(client, offered).initialData()).toBeUndefined();
  });
});
