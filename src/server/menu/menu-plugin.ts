import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MenuAdmin } from './menu-admin-service.ts';
import { MenuCatalog } from './menu-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The menu's snapshot and its readers (menu-service.ts). */
    menu: MenuCatalog;
    /** The administrator's changes to the menu (menu-admin-service.ts). */
    menuAdmin: MenuAdmin;
  }
}

export const menuPlugin = fp(
  async (app: FastifyInstance) => {
    const menu = new MenuCatalog(app.db, app.events);
    app.decorate('menu', menu);
    app.decorate('menuAdmin', new MenuAdmin(app.db, menu, () => app.settings.current().taxRates.map((rate) => rate.id)));
  },
  { name: 'menu', fastify: '5.x', dependencies: ['database', 'events'] },
);
